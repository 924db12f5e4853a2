import { describe, expect, it } from 'vitest';
import { ServiceError, withoutSecrets } from '../../../src-main/services/errors.ts';

describe('withoutSecrets', () => {
  it('takes a secret out of the message and text details, as itself and as a JSON body quotes it', () => {
    const key = 'k"ey\\with-quote';
    const echoed = `upstream said {"error":"bad key ${JSON.stringify(key).slice(1, -1)}"} for ${key}`;
    const clean = withoutSecrets(new ServiceError('unauthorized', echoed, { body: echoed, status: 401 }), {
      apiKey: key,
    }) as ServiceError;
    expect(clean.message).toBe('upstream said {"error":"bad key <apiKey>"} for <apiKey>');
    expect(clean.details).toEqual({ body: 'upstream said {"error":"bad key <apiKey>"} for <apiKey>', status: 401 });
    expect(clean.code).toBe('unauthorized');
  });

  it('leaves secrets under 4 characters and other errors alone', () => {
    const error = new ServiceError('network', 'abc failed');
    expect(withoutSecrets(error, { jwt: 'abc' })).toBe(error);
    const plain = new Error('secret-value');
    expect(withoutSecrets(plain, { jwt: 'secret-value' })).toBe(plain);
  });
});
