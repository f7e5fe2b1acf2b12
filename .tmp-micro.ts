import { VisitCounter } from '/work/wt-i26-hooks/server/visits/visit-counter';
const counter = new VisitCounter({} as never, { timeZone: 'Asia/Kolkata', publicUrl: 'http://localhost:3000' });
// a salt as if read from the database, so each view hashes as it would in a running server
(counter as unknown as { salt: unknown }).salt = {
  day: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
  value: 'x'.repeat(43),
};
const headers = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  referer: 'https://www.google.com/',
};
for (const search of ['', '?utm_source=facebook&utm_campaign=diwali']) {
  for (let i = 0; i < 100_000; i++) counter.view(headers, '127.0.0.1', '/', search);
  const n = 1_000_000;
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) counter.view(headers, `10.0.${i & 255}.${(i >> 8) & 255}`, '/', search);
  console.log(`view() with search "${search}": ${Number(process.hrtime.bigint() - start) / n} ns per call`);
}
