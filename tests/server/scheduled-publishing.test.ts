import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgDatabase } from "../support/db";
import { type RunningServer, startServer } from "../support/server";

/**
 * Scheduled publishing over real HTTP on the built server: two instances on one PostgreSQL. The
 * article appears on /blog, in the sitemap and in the RSS of both within seconds of its time
 * (the job runs every 5 s), with its page cache warm; it is published once (one audit entry),
 * and an article due while no instance ran is published as soon as one starts.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "scheduled publishing on two instances sharing PostgreSQL",
  () => {
    let database: Awaited<ReturnType<typeof createPgDatabase>>;
    let client: pg.Client;
    let a: RunningServer | undefined;
    let b: RunningServer | undefined;
    const env = () => ({ DATABASE_URL: database.url });

    beforeAll(async () => {
      database = await createPgDatabase();
      // One after the other: the first migrates and seeds the articles.
      a = await startServer({ env: env() });
      b = await startServer({ env: env() });
      client = new pg.Client({ connectionString: database.url });
      await client.connect();
    }, 120_000);
    afterAll(async () => {
      await client?.end();
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.drop();
    });

    /** Takes a seeded article back to 'programado' for `inMs` from now (the database's clock). */
    async function schedule(slug: string, inMs: number) {
      const { rows } = await client.query(
        `update articles set status = 'programado', is_public = false,
           publish_at = now() + make_interval(secs => $2::float / 1000)
         where slug = $1 returning publish_at`,
        [slug, inMs],
      );
      return (rows[0] as { publish_at: Date }).publish_at;
    }
    const seen = async (server: RunningServer, slug: string) => {
      const [blog, sitemap, rss] = await Promise.all(
        ["/blog", "/sitemap.xml", "/blog/rss.xml"].map(async (p) =>
          (await (await fetch(server.url + p)).text()).includes(`/blog/${slug}`),
        ),
      );
      const page = (await fetch(`${server.url}/blog/${slug}`)).status;
      return { blog, sitemap, rss, page };
    };
    const HIDDEN = { blog: false, sitemap: false, rss: false, page: 404 };
    const SHOWN = { blog: true, sitemap: true, rss: true, page: 200 };

    it("appears on both instances at its time, published once", async () => {
      const slug = "duelo-como-abordarlo";
      const at = await schedule(slug, 6_000);
      // Both page caches hold the pages without it.
      expect(await seen(a!, slug)).toEqual(HIDDEN);
      expect(await seen(b!, slug)).toEqual(HIDDEN);

      const deadline = at.getTime() + 9_000;
      let first = 0;
      while (Date.now() < deadline) {
        const [onA, onB] = await Promise.all([seen(a!, slug), seen(b!, slug)]);
        if (onA.blog && onB.blog) {
          first = Date.now();
          expect(onA).toEqual(SHOWN);
          expect(onB).toEqual(SHOWN);
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(first, "published within 9 s of its time").toBeGreaterThan(0);
      expect(first).toBeGreaterThanOrEqual(at.getTime());
      const { rows } = await client.query(
        `select count(*)::int as n from audit_log
         where action = 'article_published_scheduled' and target = $1`,
        [slug],
      );
      expect(rows[0]).toEqual({ n: 1 });
      const { rows: state } = await client.query(
        "select status, is_public from articles where slug = $1",
        [slug],
      );
      expect(state[0]).toEqual({ status: "publicado", is_public: true });
    }, 30_000);

    it("an article due while no instance ran is published when one starts", async () => {
      await Promise.all([a!.stop(), b!.stop()]);
      a = b = undefined;
      const slug = "manejo-fobias";
      await schedule(slug, 500);
      await new Promise((r) => setTimeout(r, 1_000));
      a = await startServer({ env: env() });
      await expect
        .poll(async () => (await seen(a!, slug)).blog, { timeout: 8_000, interval: 250 })
        .toBe(true);
      expect(await seen(a!, slug)).toEqual(SHOWN);
    }, 60_000);
  },
);
