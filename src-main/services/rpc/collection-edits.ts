// One change to the collections (create, rename, delete; add, rename, duplicate, delete and move a
// request), applied to the workspace data. A change naming what no longer exists is refused.
import type { z } from 'zod';
import {
  type CollectionEdit,
  MAX_COLLECTION_REQUESTS,
  MAX_COLLECTIONS,
  type RpcCollection,
} from '../../../src-shared/contract/rpc-workspace.ts';
import { ServiceError } from '../errors.ts';
import { newId, type WorkspaceData } from './rpc-workspace-store.ts';

export function applyEdit(data: WorkspaceData, edit: z.output<typeof CollectionEdit>): void {
  if (edit.op === 'create') {
    if (data.collections.length >= MAX_COLLECTIONS) refuse(`At most ${MAX_COLLECTIONS} collections: delete one first.`);
    uniqueName(data.collections, edit.name, null);
    data.collections.push({ id: newId(), name: edit.name, requests: [] });
    return;
  }
  const collection = data.collections.find((c) => c.id === edit.collectionId);
  if (!collection) missing('collection');
  const savedAt = new Date().toISOString();
  switch (edit.op) {
    case 'rename':
      uniqueName(data.collections, edit.name, collection.id);
      collection.name = edit.name;
      return;
    case 'delete':
      data.collections = data.collections.filter((c) => c !== collection);
      return;
    case 'addRequest': {
      // Saved under a name the collection has: replaced in place (the order the user chose is kept).
      const at = collection.requests.findIndex((r) => r.name === edit.request.name);
      const request = { ...edit.request, id: newId(), savedAt };
      if (at >= 0) collection.requests[at] = request;
      else {
        if (collection.requests.length >= MAX_COLLECTION_REQUESTS) {
          refuse(`A collection holds at most ${MAX_COLLECTION_REQUESTS} requests: delete one first.`);
        }
        collection.requests.push(request);
      }
      return;
    }
  }
  const index = collection.requests.findIndex((r) => r.id === edit.requestId);
  if (index < 0) missing('request');
  const request = collection.requests[index];
  switch (edit.op) {
    case 'renameRequest':
      if (collection.requests.some((r) => r.name === edit.name && r !== request)) {
        refuse(`"${collection.name}" already has a request named "${edit.name}".`);
      }
      request.name = edit.name;
      return;
    case 'duplicateRequest': {
      if (collection.requests.length >= MAX_COLLECTION_REQUESTS) {
        refuse(`A collection holds at most ${MAX_COLLECTION_REQUESTS} requests: delete one first.`);
      }
      let name = `${request.name} (copy)`.slice(0, 80);
      for (let n = 2; collection.requests.some((r) => r.name === name); n++)
        name = `${request.name} (copy ${n})`.slice(0, 80);
      collection.requests.splice(index + 1, 0, { ...request, id: newId(), name, savedAt });
      return;
    }
    case 'deleteRequest':
      collection.requests.splice(index, 1);
      return;
    case 'moveRequest': {
      const to = index + edit.by;
      if (to < 0 || to >= collection.requests.length) return; // already first or last: nothing to do
      collection.requests.splice(index, 1);
      collection.requests.splice(to, 0, request);
      return;
    }
  }
}

function uniqueName(collections: RpcCollection[], name: string, self: string | null): void {
  if (collections.some((c) => c.id !== self && c.name.toLowerCase() === name.toLowerCase())) {
    refuse(`A collection named "${name}" exists already.`);
  }
}

function refuse(message: string): never {
  throw new ServiceError('invalid_argument', message);
}

function missing(what: string): never {
  throw new ServiceError('not_found', `That ${what} no longer exists (deleted in another window?).`);
}
