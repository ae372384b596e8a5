import * as auth from '@locals/contracts/routes/auth';
import { describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { signedInUser } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';
import { createRolesRepository } from './roles.repository';

describe('GET /api/auth/me', () => {
  const testApp = useTestApp({ sleep: async () => {} });

  it("lists the signed-in person's roles: none, then moderator once granted", async () => {
    const person = await signedInUser(testApp.app);
    const roles = createRolesRepository(testApp.database.db);
    const rolesSeen = async () =>
      (await checkReply(auth.getCurrentUser, await person.call(auth.getCurrentUser, {}), 200)).user
        ?.roles;

    expect(await rolesSeen()).toEqual([]);
    await roles.grant(person.id, 'moderator');
    expect(await rolesSeen()).toEqual(['moderator']);
    await roles.revoke(person.id, 'moderator');
    expect(await rolesSeen()).toEqual([]);
  });
});
