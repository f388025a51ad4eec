import { users as contract } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { createMailSender, type MailSender } from '#adapters/mail/index.js';
import { createConfiguredPneActivator, type PneKeyActivator } from '#adapters/pne/index.js';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { activatePneKeys } from './pne-activation.service.js';
import { mailUsers } from './user-messaging.service.js';

/** The outside services these routes reach; tests may pass their own. */
export type MessagingAdapters = { mail: MailSender; pne: PneKeyActivator | undefined };

/** Mailing users their access, and activating teachers' keys on the PNE service. */
export function registerUserMessagingRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  adapters: MessagingAdapters = { mail: createMailSender(deps.env), pne: createConfiguredPneActivator(deps.env) },
): void {
  app.addHook('onClose', () => adapters.mail.close());

  registerRoute(app, deps, contract.mailUsers, async ({ ctx, body }) =>
    mailUsers({ ...ctx, mail: adapters.mail }, { userIds: body.users.map((user) => user.idUser), templateId: body.templateId }),
  );

  registerRoute(app, deps, contract.activatePneKeys, async ({ ctx, body, reply }) => {
    const { status, answer } = await activatePneKeys({ ...ctx, pne: adapters.pne }, body);
    void reply.status(status);
    return answer;
  });
}
