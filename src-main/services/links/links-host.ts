// Links and recent views in main (docs/links.md), loaded with import() on first use: the inbox the
// OS and the menu push into, the recent views, and making a link for a view. Making a link refuses
// a view that would carry any saved secret: a link is pasted into chats and case notes.
import type { RecordedView } from '../../../src-shared/contract/view-target.ts';
import type { RecentView } from '../../../src-shared/contract/views.ts';
import { formatViewLink, parseViewLink } from '../../../src-shared/links/view-link.ts';
import { viewTitle } from '../../../src-shared/links/view-title.ts';
import { savedSecrets, secretIn } from '../credentials/saved-secrets.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';
import { RecentViewsStore } from './recent-views-store.ts';
import { ShellInbox } from './shell-inbox.ts';

export class LinksHost {
  readonly inbox = new ShellInbox();
  private store: Promise<RecentViewsStore> | null = null;
  private readonly ctx: ServiceContext;
  private readonly userDataDir: string;

  constructor(ctx: ServiceContext, userDataDir: string) {
    this.ctx = ctx;
    this.userDataDir = userDataDir;
  }

  /** The next link or menu command for the renderer (app:nextEvent). */
  nextEvent() {
    return this.inbox.next(this.ctx.timeouts?.shellPollMs);
  }

  async recent(): Promise<RecentView[]> {
    return (await this.opened()).list();
  }

  /** views:record: the link is read as strictly as one from outside, then kept in its canonical form. */
  async record(text: string): Promise<RecordedView> {
    const parsed = parseViewLink(text);
    if (!parsed.ok) {
      // Reported as a schema refusal, so the renderer shows it where the link came from.
      throw new ServiceError('invalid_argument', parsed.message, {
        issues: [{ path: ['0'], message: parsed.message }],
      });
    }
    const target = parsed.target;
    const profile = this.ctx.settings.settings.profiles.find((p) => p.id === target.profile);
    if (!profile) throw new ServiceError('not_found', `There is no profile "${target.profile}" (deleted?).`);
    const link = formatViewLink(target);
    const leaked = secretIn(
      [text, link, JSON.stringify(target)],
      await savedSecrets(this.ctx, 'A link is checked for every saved secret first, so none was made.'),
      [encodeURIComponent],
    );
    if (leaked) {
      throw new ServiceError(
        'invalid_argument',
        `This view holds the ${leaked.kind} of "${leaked.profile}", so no link was made: a link is for sharing and never carries a secret.`,
      );
    }
    const view: RecentView = {
      link,
      title: viewTitle(target),
      kind: target.kind,
      profile: target.profile,
      at: new Date().toISOString(),
    };
    return { link, recent: await (await this.opened()).record(view) };
  }

  async close(): Promise<void> {
    this.inbox.close();
    await (await this.store?.catch(() => null))?.flushed().catch(() => {});
  }

  private opened(): Promise<RecentViewsStore> {
    this.store ??= RecentViewsStore.open(this.userDataDir).catch((error: unknown) => {
      this.store = null;
      throw error;
    });
    return this.store;
  }
}
