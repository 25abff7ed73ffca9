import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ordersEndpoints as endpoints } from '@kippu/contract/console/orders-endpoints';
import { verifyingSecrets } from '../../../config/app-secret.ts';
import { changeDateForVisitor, deskDateOptions } from '../../../domain/order-desk/change-date-for-visitor.ts';
import { erasePersonalData } from '../../../domain/order-desk/erase-personal-data.ts';
import { orderPage } from '../../../domain/order-desk/order-page.ts';
import { searchOrders } from '../../../domain/order-desk/order-search.ts';
import { resendPurchaseMail } from '../../../domain/order-desk/resend-purchase-mail.ts';
import { updateVisitorDetails } from '../../../domain/order-desk/update-visitor-details.ts';
import {
  consoleActor,
  consoleSite,
  registerConsoleEndpoint,
  type ConsoleStaff,
} from '../console-endpoint.ts';

const READ = { area: 'orders', level: 'read' } as const;
const WRITE = { area: 'orders', level: 'write' } as const;
/**
 * The password again, as a refund asks: a change of date may waive what the visitor owes (money given away),
 * and an erasure of the visitor's personal data cannot be undone.
 */
const WRITE_AGAIN = { ...WRITE, reauthenticate: true } as const;

/**
 * The console's orders (issue 29, ADR 078), under `/console/api/v1`; each route calls one domain function
 * (`domain/order-desk`). Area `orders`: read for the search, the order's page and the date options, write for
 * the resend, the visitor's details, the erasure of their personal data and the change of date (those two
 * with the password again).
 */
export async function ordersConsoleRoutes(app: FastifyInstance): Promise<void> {
  const site = (request: FastifyRequest, code: string, level: 'read' | 'write') =>
    consoleSite(request, code, 'orders', level);
  const dateDeps = () => ({ time: app.orderDeps, checkout: app.checkoutDeps });

  registerConsoleEndpoint(app, endpoints.consoleSearchOrders, READ, async (request) => {
    const { code } = await site(request, request.params.site, 'read');
    return searchOrders(app.db, verifyingSecrets(app.env), code, request.query);
  });
  registerConsoleEndpoint(app, endpoints.consoleGetOrder, READ, async (request) => {
    const { code } = await site(request, request.params.site, 'read');
    return { order: await orderPage(app.db, code, request.params.id) };
  });
  registerConsoleEndpoint(app, endpoints.consoleResendPurchaseMail, WRITE, async (request) => {
    const { code } = await site(request, request.params.site, 'write');
    return {
      mail: await resendPurchaseMail(app.db, app.env, consoleActor(request), code, request.params.id),
    };
  });
  registerConsoleEndpoint(app, endpoints.consoleUpdateOrderVisitor, WRITE, async (request) => {
    const { code } = await site(request, request.params.site, 'write');
    return updateVisitorDetails(app.db, consoleActor(request), code, request.params.id, request.body);
  });
  registerConsoleEndpoint(app, endpoints.consoleErasePersonalData, WRITE_AGAIN, async (request) => {
    const { code } = await site(request, request.params.site, 'write');
    return erasePersonalData(app.db, consoleActor(request), code, request.params.id);
  });
  registerConsoleEndpoint(app, endpoints.consoleOrderDateOptions, READ, async (request) => {
    const { code } = await site(request, request.params.site, 'read');
    return deskDateOptions(app.db, dateDeps(), code, request.params.id, request.query);
  });
  registerConsoleEndpoint(app, endpoints.consoleChangeOrderDate, WRITE_AGAIN, async (request) => {
    const { code, organisationId } = await site(request, request.params.site, 'write');
    const staff = request.consoleStaff as ConsoleStaff;
    return changeDateForVisitor(
      app.db,
      dateDeps(),
      {
        actor: consoleActor(request),
        organisationId,
        // ADR 078: above the organisation's refund limit, a waiver is a refund's decision.
        waivesAboveLimit:
          staff.permissions.refunds === 'write' && staff.limits.refundsUpToOrganisationLimit !== true,
      },
      code,
      request.params.id,
      request.body,
    );
  });
}
