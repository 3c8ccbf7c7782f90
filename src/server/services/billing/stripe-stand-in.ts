// Tests only: a local stand-in for the parts of the Stripe API that the Stripe provider calls
// (prices, promotion codes, Checkout and portal sessions, subscriptions and their schedules),
// served by node:http on 127.0.0.1 and reached through the package's own host/port/protocol
// options — so the real `stripe` client code runs, and no test ever touches the network. It
// records every request (method, path, decoded form body) for the tests to check.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeApiAddress } from './stripe-client.ts';

export type FormValue = string | FormObject;
export type FormObject = { [key: string]: FormValue };
export type RecordedRequest = { method: string; path: string; params: FormObject };

type Json = Record<string, unknown>;
type StandInSubscription = Json & { id: string; items: { object: string; data: Json[] } };

/** Stripe's `a[b][0][c]=v` form encoding (bodies and query strings) as nested objects. */
export function decodeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else {
        const next = node[part];
        node = typeof next === 'object' ? next : (node[part] = {});
      }
    });
  }
  return root;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export type StripeStandIn = {
  address: StripeApiAddress;
  requests: RecordedRequest[];
  /** Requests to one method and path, e.g. ('POST', '/v1/checkout/sessions'). */
  requestsTo(method: string, path: string): RecordedRequest[];
  addPromotionCode(code: Json & { code: string }): void;
  /** A subscription the account already has, on the price of `lookupKey`. */
  addSubscription(subscription: {
    id: string;
    customer: string;
    lookupKey: string;
    periodStart: number;
    periodEnd: number;
  }): StandInSubscription;
  subscription(id: string): StandInSubscription | undefined;
  /** The active price that has this lookup key now. */
  priceId(lookupKey: string): string | undefined;
  /** The next request to `path` is answered with this Stripe error. */
  failNext(path: string, status: number): void;
  close(): Promise<void>;
};

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const prices = new Map<string, Json>();
  const promotionCodes: Json[] = [];
  const subscriptions = new Map<string, StandInSubscription>();
  const schedules = new Map<string, Json>();
  const failures = new Map<string, number>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_standin_${++counter}`;

  function createPrice(params: FormObject): Json {
    const recurring = params.recurring as FormObject | undefined;
    const lookupKey = params.lookup_key as string | undefined;
    if (lookupKey && params.transfer_lookup_key === 'true') {
      for (const price of prices.values())
        if (price.lookup_key === lookupKey) price.lookup_key = null;
    }
    const price = {
      id: nextId('price'),
      object: 'price',
      active: true,
      currency: params.currency,
      unit_amount: Number(params.unit_amount),
      recurring: {
        interval: recurring?.interval,
        interval_count: Number(recurring?.interval_count ?? 1),
      },
      lookup_key: lookupKey ?? null,
      metadata: params.metadata ?? {},
    };
    prices.set(price.id, price);
    return price;
  }

  const list = (data: Json[]) => ({ object: 'list', data, has_more: false, url: '/v1/list' });
  const priceByKey = (key: string) =>
    [...prices.values()].find((price) => price.lookup_key === key) ??
    createPrice({
      currency: 'eur',
      unit_amount: '0',
      lookup_key: key,
      recurring: { interval: 'month' },
    });

  function route(method: string, path: string, params: FormObject): [number, Json] {
    const [, , resource, id, action] = path.split('/');
    if (method === 'GET' && path === '/v1/prices') {
      const keys = Object.values((params.lookup_keys as FormObject | undefined) ?? {});
      return [
        200,
        list([...prices.values()].filter((p) => p.active && keys.includes(p.lookup_key as string))),
      ];
    }
    if (method === 'POST' && path === '/v1/prices') return [200, createPrice(params)];
    if (method === 'GET' && path === '/v1/promotion_codes') {
      const code = String(params.code ?? '').toLowerCase();
      return [
        200,
        list(promotionCodes.filter((p) => String(p.code).toLowerCase() === code && p.active)),
      ];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = nextId('cs_test');
      return [
        200,
        {
          id: sessionId,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          ...params,
        },
      ];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const sessionId = nextId('bps');
      return [
        200,
        {
          id: sessionId,
          object: 'billing_portal.session',
          customer: params.customer,
          url: `https://billing.stripe.test/p/session/${sessionId}`,
        },
      ];
    }
    if (resource === 'subscriptions' && id) {
      const subscription = subscriptions.get(id);
      if (!subscription)
        return [
          404,
          {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such subscription: '${id}'`,
            },
          },
        ];
      if (method === 'POST') {
        const items = params.items as FormObject | undefined;
        const newPrice = (items?.['0'] as FormObject | undefined)?.price as string | undefined;
        if (newPrice) (subscription.items.data[0] as Json).price = prices.get(newPrice);
        if (params.cancel_at_period_end !== undefined)
          subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
        if (params.metadata)
          subscription.metadata = {
            ...(subscription.metadata as Json),
            ...(params.metadata as Json),
          };
      }
      if (method === 'DELETE')
        Object.assign(subscription, { status: 'canceled', ended_at: nowSeconds() });
      return [200, subscription];
    }
    if (resource === 'subscription_schedules') {
      if (method === 'POST' && !id) {
        const subscription = subscriptions.get(params.from_subscription as string);
        if (!subscription)
          return [
            400,
            { error: { type: 'invalid_request_error', message: 'No such subscription' } },
          ];
        const item = subscription.items.data[0] as Json;
        const phase = {
          start_date: item.current_period_start,
          end_date: item.current_period_end,
          items: [{ price: (item.price as Json).id, quantity: 1 }],
        };
        const schedule = {
          id: nextId('sub_sched'),
          object: 'subscription_schedule',
          subscription: subscription.id,
          status: 'active',
          current_phase: { start_date: phase.start_date, end_date: phase.end_date },
          phases: [phase],
          end_behavior: 'release',
        };
        schedules.set(schedule.id, schedule);
        subscription.schedule = schedule.id;
        return [200, schedule];
      }
      const schedule = id ? schedules.get(id) : undefined;
      if (!schedule)
        return [
          404,
          {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: 'No such schedule',
            },
          },
        ];
      if (method === 'POST' && action === 'release') {
        Object.assign(schedule, { status: 'released' });
        const subscription = subscriptions.get(schedule.subscription as string);
        if (subscription) subscription.schedule = null;
      } else if (method === 'POST') Object.assign(schedule, params);
      return [200, schedule];
    }
    return [
      404,
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      },
    ];
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const params = decodeForm(
      method === 'GET' || method === 'DELETE'
        ? url.search.slice(1)
        : Buffer.concat(chunks).toString(),
    );
    requests.push({ method, path: url.pathname, params });
    const failure = failures.get(url.pathname);
    const [status, body] = !req.headers.authorization?.startsWith('Bearer sk_test_')
      ? [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }]
      : failure !== undefined
        ? (failures.delete(url.pathname),
          [failure, { error: { type: 'invalid_request_error', message: 'Stand-in failure' } }])
        : route(method, url.pathname, params);
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req') });
    res.end(JSON.stringify(body));
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    address: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    addPromotionCode: (code) =>
      promotionCodes.push({
        object: 'promotion_code',
        active: true,
        expires_at: null,
        max_redemptions: null,
        times_redeemed: 0,
        promotion: { type: 'coupon', coupon: { id: 'coupon_1', valid: true } },
        id: nextId('promo'),
        ...code,
      }),
    addSubscription({ id, customer, lookupKey, periodStart, periodEnd }) {
      const subscription: StandInSubscription = {
        id,
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        ended_at: null,
        schedule: null,
        metadata: {},
        items: {
          object: 'list',
          data: [
            {
              id: nextId('si'),
              object: 'subscription_item',
              quantity: 1,
              current_period_start: periodStart,
              current_period_end: periodEnd,
              price: priceByKey(lookupKey),
            },
          ],
        },
      };
      subscriptions.set(id, subscription);
      return subscription;
    },
    subscription: (id) => subscriptions.get(id),
    priceId: (lookupKey) => {
      const price = [...prices.values()].find((p) => p.active && p.lookup_key === lookupKey);
      return typeof price?.id === 'string' ? price.id : undefined;
    },
    failNext: (path, status) => failures.set(path, status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
