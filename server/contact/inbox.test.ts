/** The enquiry inbox through the real app: statuses, delete, search, filter, paging, counts, CSV, and refusals. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api-messages';
import { inboxMessages as m, type InboxMessage } from '../../shared/contact-inbox';
import { zoneDate, zoneDateTime } from '../../shared/site-time';
import { createTestApp, type TestApp } from '../test/test-app';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const people = [
  { name: 'Asha Rao', email: 'asha@example.com', number: '+91 98450 12345', message: 'Please call me about a kitchen.' },
  { name: 'Vikram Shah', email: 'vik@example.org', number: '080 2222 3333', message: 'A villa in Whitefield, 100% wood.' },
  {
    name: '=HYPERLINK("http://evil.example","click")',
    email: 'eve@example.net',
    number: '-1',
    message: '@SUM(A1:A2)\nsecond "quoted" line',
  },
];

/** The export's header: the spec's columns, then where each enquiry came from (issue 26). */
const CSV_HEADER =
  '"Name","Email","Phone","Message","Date (Asia/Kolkata)","Status","Page","Project","Campaign source","Campaign medium","Campaign","Referring site","Wants","Preferred time","Stage","Lost reason","Owner","Next follow-up"';
/** No source, and the pipeline's start: New, nobody, no follow-up. */
const NO_SOURCE = `${',""'.repeat(8)},"New"${',""'.repeat(3)}`;

describe('the enquiry inbox', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ contactRateLimit: 100 });
    auth = { authorization: `Bearer ${await t.login()}` };
    for (const person of people) {
      if (person.number === '-1') {
        // a row from before numbers were checked: the CSV must still neutralise its "-1"
        await t.services.database.db.execute(
          sql`insert into contact_messages (id, name, email, number, message) values (gen_random_uuid(), ${person.name}, ${person.email}, ${person.number}, ${person.message})`,
        );
      } else expect((await t.app.inject({ method: 'POST', url: '/api/user', payload: person })).statusCode).toBe(201);
      // distinct times, so "newest first" is the order they were sent in reverse
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const all = await list('');
    for (const row of all.data) ids[row.email] = row._id;
  });
  afterAll(() => t.close());

  async function list(query: string) {
    const reply = await t.app.inject({ method: 'GET', url: `/api/user${query}`, headers: auth });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as { data: InboxMessage[]; total: number; page: number; limit: number; counts: Record<string, number> };
  }
  const patch = (id: string, payload: unknown, headers = auth) =>
    t.app.inject({ method: 'PATCH', url: `/api/user/${id}`, headers, payload: payload as object });
  const exportCsv = (query = '') => t.app.inject({ method: 'GET', url: `/api/user/export${query}`, headers: auth });

  it('lists every message as New, newest first, with the counts', async () => {
    const all = await list('');
    expect(all.data.map((row) => row.email)).toEqual(['eve@example.net', 'vik@example.org', 'asha@example.com']);
    expect(all.data.every((row) => row.status === 'New')).toBe(true);
    expect(all).toMatchObject({ total: 3, counts: { New: 3, Replied: 0, Archived: 0 } });
    // paging only when asked for
    expect(all).not.toHaveProperty('page');
    expect(all).not.toHaveProperty('limit');
    expect(await list('?page=1')).toMatchObject({ data: all.data, total: 3, page: 1, limit: 25 });
    expect(all.data[0]).toMatchObject({ ...people[2], _id: expect.any(String), createdAt: expect.any(String) });
  });

  it('searches name, email, number and text, case-insensitively, with % and _ taken literally', async () => {
    const emails = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).data.map((row) => row.email);
    expect(await emails('ASHA rao')).toEqual(['asha@example.com']);
    expect(await emails('example.org')).toEqual(['vik@example.org']);
    expect(await emails('98450 12345')).toEqual(['asha@example.com']);
    expect(await emails('9845012345')).toEqual(['asha@example.com']);
    expect(await emails('kitchen')).toEqual(['asha@example.com']);
    expect(await emails('100%')).toEqual(['vik@example.org']);
    expect(await emails('%')).toEqual(['vik@example.org']);
    expect(await emails('_')).toEqual([]);
    expect(await emails('nobody')).toEqual([]);
    expect((await list('?q=example')).total).toBe(3);
    expect((await list('?q=%20%20')).total).toBe(3);
  });

  it('changes a status, counts it, and filters by it', async () => {
    const reply = await patch(ids['asha@example.com'], { status: 'Replied' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      success: true,
      message: m.statusChanged('Replied'),
      data: { status: 'Replied', email: 'asha@example.com' },
    });
    expect((await patch(ids['vik@example.org'], { status: 'Archived' })).statusCode).toBe(200);

    const replied = await list('?status=Replied');
    expect(replied.data.map((row) => row.email)).toEqual(['asha@example.com']);
    expect(replied.total).toBe(1);
    expect(replied.counts).toEqual({ New: 1, Replied: 1, Archived: 1 });
    expect((await list('?status=Archived&q=villa')).data.map((row) => row.email)).toEqual(['vik@example.org']);
    expect((await list('?status=New&q=villa')).total).toBe(0);
    const counts = await t.app.inject({ method: 'GET', url: '/api/user/counts', headers: auth });
    expect(counts.json()).toEqual({ success: true, data: { New: 1, Replied: 1, Archived: 1 } });

    // and back to New
    expect((await patch(ids['vik@example.org'], { status: 'New' })).json().data.status).toBe('New');
    expect((await list('?status=New')).total).toBe(2);
  });

  it('pages the view', async () => {
    const first = await list('?limit=2');
    const second = await list('?limit=2&page=2');
    expect(first.data).toHaveLength(2);
    expect(second.data).toHaveLength(1);
    expect(first.total).toBe(3);
    expect([...first.data, ...second.data].map((row) => row.email)).toEqual(['eve@example.net', 'vik@example.org', 'asha@example.com']);
    expect((await list('?limit=2&page=9')).data).toEqual([]);
  });

  it('refuses bad queries, ids and statuses with a clear message, and changes nothing', async () => {
    const bad = async (url: string, message: string) => {
      const reply = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(reply.statusCode, url).toBe(400);
      expect(reply.json()).toMatchObject({ success: false, message });
    };
    await bad('/api/user?status=Done', m.invalidStatus);
    await bad('/api/user?status=new', m.invalidStatus);
    await bad('/api/user?page=0', m.invalidPage);
    await bad('/api/user?page=abc', m.invalidPage);
    await bad('/api/user?page=1.5', m.invalidPage);
    await bad('/api/user?limit=1000', m.invalidLimit);
    await bad(`/api/user?q=${'x'.repeat(201)}`, m.searchTooLong);
    await bad('/api/user?q=a&q=b', m.invalidSearch);
    await bad('/api/user/export?status=Spam', m.invalidStatus);

    const before = await list('');
    for (const [id, body, status, message] of [
      ['not-an-id', { status: 'Replied' }, 400, apiMessages.invalidId],
      [ids['eve@example.net'], { status: 'Done' }, 400, m.invalidStatus],
      [ids['eve@example.net'], {}, 400, m.invalidStatus],
      [ids['eve@example.net'], ['Replied'], 400, m.invalidStatus],
      [MISSING_ID, { status: 'Replied' }, 404, m.notFound],
    ] as const) {
      const reply = await patch(id, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(status);
      expect(reply.json()).toMatchObject({ success: false, message });
    }
    const noBody = await t.app.inject({ method: 'PATCH', url: `/api/user/${ids['eve@example.net']}`, headers: auth });
    expect(noBody.statusCode).toBe(400);
    for (const [id, status, message] of [
      ['1 or 1=1', 400, apiMessages.invalidId],
      [MISSING_ID, 404, m.notFound],
    ] as const) {
      const reply = await t.app.inject({ method: 'DELETE', url: `/api/user/${encodeURIComponent(id)}`, headers: auth });
      expect(reply.statusCode).toBe(status);
      expect(reply.json()).toMatchObject({ success: false, message });
    }
    expect(await list('')).toEqual(before);
  });

  it('is for admins only', async () => {
    const anonymous = [
      { method: 'GET' as const, url: '/api/user?q=asha' },
      { method: 'GET' as const, url: '/api/user/counts' },
      { method: 'GET' as const, url: '/api/user/export' },
      { method: 'PATCH' as const, url: `/api/user/${ids['eve@example.net']}`, payload: { status: 'Archived' } },
      { method: 'DELETE' as const, url: `/api/user/${ids['eve@example.net']}` },
    ];
    for (const request of anonymous) {
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
        const reply = await t.app.inject({ ...request, headers });
        expect(reply.statusCode, request.url).toBe(401);
        expect(reply.body).not.toContain('asha@example.com');
      }
    }
    expect((await list('?status=New')).data.map((row) => row.email)).toContain('eve@example.net');
  });

  it('exports the current view as CSV that Excel opens: BOM, CRLF, quoted, formulas neutralised', async () => {
    const reply = await exportCsv();
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toMatch(/^attachment; filename="contact-messages-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(reply.headers['content-disposition']).toContain(zoneDate(new Date(), 'Asia/Kolkata'));
    expect([...reply.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = reply.rawPayload.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.at(-1)).toBe('');
    // newest first; the message's own line break stays inside its quoted cell
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")","eve@example.net","'-1","'@SUM(A1:A2)\nsecond ""quoted"" line",` +
        `"${zoneDateTime(new Date((await list('?q=eve')).data[0]!.createdAt), 'Asia/Kolkata')}","New"${NO_SOURCE}`,
    );
    expect(lines[2]).toMatch(
      /^"Vikram Shah","vik@example.org","'\+918022223333","A villa in Whitefield, 100% wood\.","\d{4}-\d\d-\d\d \d\d:\d\d:\d\d","New"(,""){8},"New"(,""){3}$/,
    );
    expect(lines[3]).toMatch(/^"Asha Rao","asha@example.com","'\+919845012345",.*"Replied"(,""){8},"New"(,""){3}$/);
    expect(lines).toHaveLength(5);

    const view = await exportCsv('?status=Replied&q=asha');
    expect(view.headers['content-disposition']).toMatch(/filename="contact-messages-replied-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(view.rawPayload.toString('utf8').split('\r\n')).toHaveLength(3);
    const none = await exportCsv('?q=nobody-at-all');
    expect(none.rawPayload.toString('utf8')).toBe(`\uFEFF${CSV_HEADER}\r\n`);
  });

  it('writes the CSV times in the site time zone (SITE_TIMEZONE, Asia/Kolkata by default), not UTC', async () => {
    // 22:04 UTC is 03:34 the next day in Bangalore
    await t.services.database.db.execute(
      sql`insert into contact_messages (id, name, email, number, message, created_at) values (gen_random_uuid(), 'Zone Test', 'zone@example.com', '+919900054321', 'late', '2026-11-21T22:04:05Z')`,
    );
    const lines = (await exportCsv('?q=zone@example.com')).rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines[1]).toBe(`"Zone Test","zone@example.com","'+919900054321","late","2026-11-22 03:34:05","New"${NO_SOURCE}`);
    await t.app.inject({ method: 'DELETE', url: `/api/user/${(await list('?q=zone@example.com')).data[0]!._id}`, headers: auth });
  });

  it('exports more rows than one batch, each once, in order', async () => {
    await t.services.database.db.execute(sql`
      insert into contact_messages (id, name, email, number, message, created_at)
      select gen_random_uuid(), 'Bulk ' || i, 'bulk' || i || '@example.com', '1', 'bulk', now() - interval '1 day'
      from generate_series(1, 1234) as i`);
    const text = (await exportCsv('?q=bulk')).rawPayload.toString('utf8');
    const emails = text
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split('","')[1]);
    expect(emails).toHaveLength(1234);
    expect(new Set(emails).size).toBe(1234);
    await t.services.database.db.execute(sql`delete from contact_messages where message = 'bulk'`);
  });

  it('deletes a message', async () => {
    const id = ids['vik@example.org'];
    const reply = await t.app.inject({ method: 'DELETE', url: `/api/user/${id}`, headers: auth });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: m.deleted });
    expect((await list('')).data.map((row) => row._id)).not.toContain(id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/${id}`, headers: auth })).statusCode).toBe(404);
    expect((await patch(id, { status: 'New' })).statusCode).toBe(404);
    expect((await list('')).counts).toEqual({ New: 1, Replied: 1, Archived: 0 });
  });
});
