import type { FastifyInstance } from 'fastify';

/** Where the partner API's human-readable page is served (issue 30: "with its own page of docs"). */
export const PARTNER_DOCS_PATH = '/partner/docs';

/**
 * The partner API's docs page (ADR 090 addendum): hand-written from docs/partner-api.md, in English only
 * (developer documentation for the partners' programmers, like the machine description it links to,
 * /openapi.json). Static: no script, no style, nothing of the venue's data, so it needs no token.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner API (channel OTA)</title>
</head>
<body>
<main>
<h1>Partner API (channel OTA)</h1>
<p>For travel agencies and other partners selling this venue's tickets. The machine-readable description of
every call, its parameters and answers is <a href="/openapi.json">/openapi.json</a> (OpenAPI, tag
<code>partner</code>).</p>

<h2>Authentication</h2>
<p>Every call sends <code>Authorization: Bearer kpt_…</code>: a partner's API token, made for you by the venue
on its console (shown once). The token's scope is catalogue read (products, prices, availability) and orders
read/write (bookings, tickets, cancellations).</p>
<ul>
<li>An unknown, expired or revoked token: <code>401 {"error":"api token invalid"}</code>.</li>
<li>Too many calls in a minute: <code>429 {"error":"too many requests"}</code> with <code>Retry-After</code>.</li>
<li>Anything outside the token's sites, or another partner's booking: <code>404 {"error":"record not found"}</code>.</li>
</ul>
<p>Every error is <code>{ "error": "&lt;message&gt;" }</code>.</p>

<h2>Calls (under <code>/partner/api/v1</code>)</h2>
<table>
<thead><tr><th scope="col">Call</th><th scope="col">What</th></tr></thead>
<tbody>
<tr><td><code>GET /products</code></td><td>Products you may sell, with ticket types, list prices and your net prices.</td></tr>
<tr><td><code>GET /availability?product=&lt;id&gt;&amp;from=YYYY-MM-DD&amp;to=YYYY-MM-DD</code></td><td>Per slot: your allotment (quantity, sold, remaining, release) and <code>available</code>, what a booking can take now. At most 62 days.</td></tr>
<tr><td><code>POST /bookings</code></td><td>Books. Header <code>Idempotency-Key</code> required. Body: <code>product_id</code>, <code>slot_id</code> (a slot of that product), <code>lang</code>, <code>lines: [{ticket_type_id, quantity}]</code>, <code>customer: {name, email?}</code>, <code>reference?</code>.</td></tr>
<tr><td><code>GET /bookings/:number</code></td><td>The booking.</td></tr>
<tr><td><code>POST /bookings/:number/cancellation</code></td><td>Cancels before the visit (no ticket used); otherwise <code>409 partner booking not cancellable</code>.</td></tr>
<tr><td><code>GET /bookings/:number/tickets</code></td><td>The tickets with their QR payloads (render each as a QR code for your customer).</td></tr>
</tbody>
</table>

<h2>Bookings</h2>
<ul>
<li>Seats come from your allotment on the slot while it has one (until its release time); beyond what remains:
<code>409 out of stock</code>. Without an allotment, from general sale when the venue sells the product to
partners. At the release time, what you did not sell returns to general sale.</li>
<li>Seats of a booking that is cancelled or refunded before the release time go back to your allotment.</li>
<li>Retrying with the same <code>Idempotency-Key</code> and the same body answers the same booking (200), also
when two requests with the key arrive at once. The same key with another body:
<code>422 idempotency key reused</code>. Use a new key (for example a UUID) per booking.</li>
<li>You pay on account: the booking's <code>amount</code> is your net price × quantity, invoiced by the venue. A
cancellation credits it.</li>
<li>The venue mails your customer only if it agreed to; otherwise hand over the tickets.</li>
</ul>

<h2>Example</h2>
<pre><code>curl -X POST https://tickets.example/partner/api/v1/bookings \\
  -H "Authorization: Bearer $KIPPU_TOKEN" \\
  -H "Idempotency-Key: 6f1c0b3e-5a0e-4d2b-9b1e-0f6f1a2b3c4d" \\
  -H "Content-Type: application/json" \\
  -d '{"product_id":12,"slot_id":3456,"lang":"en","lines":[{"ticket_type_id":31,"quantity":2}],"customer":{"name":"Aiko Tanaka"}}'</code></pre>
</main>
</body>
</html>
`;

/** GET /partner/docs: the page above (not an API call, so not in the contract; hidden from /openapi.json). */
export function registerPartnerDocsPage(app: FastifyInstance): void {
  app.get(PARTNER_DOCS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=3600').send(PAGE),
  );
}
