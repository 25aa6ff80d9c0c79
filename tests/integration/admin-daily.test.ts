import { base32 } from "@better-auth/utils/base32";
import { and, eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appointments, auditLog, reviews, session, user } from "~/db/schema";
import { upsertUserFromCli } from "~/modules/accounts/accounts.server";
import { signIn } from "~/modules/accounts/sign-in.server";
import { submitContact } from "~/modules/contact/contact.server";
import { closeReviewStreams } from "~/platform/events.server";
import * as accountPage from "~/routes/admin/account";
import * as dashboard from "~/routes/admin/dashboard";
import * as layout from "~/routes/admin/layout";
import * as messagesPage from "~/routes/admin/messages";
import * as reviewsPage from "~/routes/admin/reviews";
import * as eventsApi from "~/routes/resources/events-api";
import { DRIVERS, useTestDatabase } from "../support/db";
import {
  cookieFrom,
  makeContext,
  makeRequest,
  run,
  staffCookie,
  totpCode,
} from "../support/routes";

/**
 * The admin area's everyday view (issue #17, items 9, 13, 14): counts only for the roles that may
 * read them, the reviews list opening on the drafts, 'Último acceso' as the sign-in before this
 * one, and inbox changes on the event stream for those who read messages.
 */

/** Reads the event stream until an event named `name` arrives (true) or `ms` pass (false). */
async function sees(body: ReadableStream<Uint8Array>, name: string, ms: number) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + ms;
  try {
    while (Date.now() < deadline) {
      const r = await Promise.race([
        reader.read(),
        new Promise<"timeout">((resolve) =>
          setTimeout(() => resolve("timeout"), deadline - Date.now()),
        ),
      ]);
      if (r === "timeout" || r.done) return false;
      text += decoder.decode(r.value, { stream: true });
      if (text.split("\n\n").some((block) => block.split("\n").includes(`event: ${name}`))) {
        return true;
      }
    }
    return false;
  } finally {
    reader.releaseLock();
  }
}

const contact = (email: string) => ({
  name: "Persona Prueba",
  email,
  message: "Hola, quería pedir información.",
  consent: "on",
});

describe.each(DRIVERS)("admin everyday view (%s)", (driver) => {
  const db = useTestDatabase(driver);
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    for (const role of ["administrator", "editor", "contributor"]) {
      cookies[role] = await staffCookie(db.db, role);
    }
    await db.db.insert(reviews).values([
      { name: "Pendiente", content: "Una reseña esperando moderación", isPublished: false },
      { name: "Publicada", content: "Una reseña ya publicada", isPublished: true },
    ]);
    await submitContact(db.db, contact("uno@example.com"), { ip: "10.0.0.1" });
  });
  afterAll(async () => {
    await closeReviewStreams();
  });

  const load = async (mod: { loader: unknown }, path: string, cookie: string) => {
    const out = await run(mod.loader as (args: never) => unknown, {
      request: makeRequest(path, { cookie }),
    });
    expect(out.status).toBe(200);
    return out.data as Record<string, unknown>;
  };

  it("counts pending reviews and unread messages only for the roles that may read them", async () => {
    for (const who of ["administrator", "editor"]) {
      expect((await load(layout, "/admin", cookies[who]!)).counts).toEqual({
        unread: 1,
        pendingReviews: 1,
        waitingRequests: 0,
      });
      const data = await load(dashboard, "/admin", cookies[who]!);
      expect(data).toMatchObject({ unread: 1, pendingReviews: 1, canPublish: true });
    }
    expect((await load(layout, "/admin", cookies.contributor!)).counts).toEqual({
      unread: 0,
      pendingReviews: 0,
      waitingRequests: 0,
    });
    const data = await load(dashboard, "/admin", cookies.contributor!);
    expect(data).toMatchObject({ unread: null, pendingReviews: null, canPublish: false });
  });

  it("warns those who manage the agenda when 5 or more holds ran out unconfirmed in 24 hours", async () => {
    const hour = 60 * 60_000;
    const expiredHold = (n: number, expiredAgo: number) => ({
      id: `c0000000-0000-4000-8000-00000000000${n}`,
      serviceName: "Llamada informativa",
      modality: "online",
      clientName: "Sin confirmar",
      clientEmail: `sin.confirmar${n}@example.com`,
      status: "held",
      holdExpiresAt: new Date(Date.now() - expiredAgo),
      startsAt: new Date(Date.now() + (48 + n) * hour),
      endsAt: new Date(Date.now() + (48 + n) * hour + 15 * 60_000),
    });
    const page = async (who: string) => {
      const data = await load(dashboard, "/admin", cookies[who]!);
      const Stub = createRoutesStub([
        { id: "dashboard", path: "/admin", Component: dashboard.default as never },
      ]);
      const html = renderToString(
        createElement(Stub, {
          initialEntries: ["/admin"],
          hydrationData: { loaderData: { dashboard: data } },
        }),
      );
      return { expiredHolds: data.expiredHolds, html };
    };
    const warning = "reservas sin confirmar caducaron en las últimas 24 horas";
    try {
      // Four in the last day (and one older, already past the window): no warning.
      await db.db
        .insert(appointments)
        .values(
          [1, 2, 3, 4].map((n) => expiredHold(n, n * hour)).concat(expiredHold(6, 30 * hour)),
        );
      for (const who of ["administrator", "editor", "contributor"]) {
        const seen = await page(who);
        expect(seen.expiredHolds).toBeNull();
        expect(seen.html).not.toContain(warning);
      }
      await db.db.insert(appointments).values(expiredHold(5, 10 * 60_000));
      for (const who of ["administrator", "editor"]) {
        const seen = await page(who);
        expect(seen.expiredHolds).toBe(5);
        expect(seen.html).toContain(
          `5 reservas sin confirmar caducaron en las últimas 24 horas: puede ser alguien bloqueando la agenda.`,
        );
        expect(seen.html).toContain('href="/admin/citas/ajustes"');
      }
      // Contributors read the agenda but cannot change the services: not told.
      const contributor = await page("contributor");
      expect(contributor.expiredHolds).toBeNull();
      expect(contributor.html).not.toContain(warning);
    } finally {
      await db.db.delete(appointments);
    }
  });

  it("opens the reviews list on the drafts while some wait, unless a filter was chosen", async () => {
    const list = async (path: string, who = "editor") =>
      (await load(reviewsPage, path, cookies[who]!)) as {
        status: string;
        items: Array<{ name: string }>;
      };
    const opened = await list("/admin/resenas");
    expect(opened.status).toBe("borradores");
    expect(opened.items.map((r) => r.name)).toEqual(["Pendiente"]);
    expect((await list("/admin/resenas?estado=todas")).status).toBe("todas");
    expect((await list("/admin/resenas?estado=publicadas")).status).toBe("publicadas");
    // Contributors never see drafts, whatever they ask for.
    expect((await list("/admin/resenas", "contributor")).status).toBe("publicadas");
    expect((await list("/admin/resenas?estado=borradores", "contributor")).status).toBe(
      "publicadas",
    );
    // Nothing pending: everything.
    await db.db.update(reviews).set({ isPublished: true });
    expect((await list("/admin/resenas")).status).toBe("todas");
    await db.db.update(reviews).set({ isPublished: false }).where(eq(reviews.name, "Pendiente"));
  });

  it("shows the sign-in before this session as the last access (Primer acceso: none)", async () => {
    const email = "ultimo.acceso@example.com";
    const password = "una frase de prueba larga";
    await upsertUserFromCli(db.db, { email, password, role: "contributor" });
    const first = await signIn(
      db.db,
      { email, password },
      { ip: "10.0.0.2", userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64)" },
    );
    if (!first.ok) throw new Error("no se pudo iniciar sesión");
    const firstCookie = cookieFrom(first.headers);
    expect((await load(dashboard, "/admin", firstCookie)).lastAccess).toBeNull();

    // That sign-in happened an hour ago; now the same person signs in from an iPhone.
    const [me] = await db.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    await db.db
      .update(auditLog)
      .set({ at: sql`${auditLog.at} - interval '1 hour'` })
      .where(and(eq(auditLog.actorId, me!.id), eq(auditLog.action, "login")));
    await db.db
      .update(session)
      .set({ createdAt: sql`${session.createdAt} - interval '1 hour'` })
      .where(eq(session.userId, me!.id));
    const [earlier] = await db.db
      .select({ at: auditLog.at })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, me!.id), eq(auditLog.action, "login")));
    const second = await signIn(
      db.db,
      { email, password },
      { ip: "10.0.0.3", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)" },
    );
    if (!second.ok) throw new Error("no se pudo iniciar sesión");
    const last = (await load(dashboard, "/admin", cookieFrom(second.headers))).lastAccess as {
      at: string;
      platform: string;
    };
    expect(last.at).toBe(earlier!.at.toISOString());
    expect(last.platform).toBe("Windows");
    // The first session's previous sign-in is still none: the later one is not before it.
    expect((await load(dashboard, "/admin", firstCookie)).lastAccess).toBeNull();
  });

  it("enrolling in two-step verification renews the session but is the same sign-in: still 'Primer acceso'", async () => {
    const email = "editora.nueva@example.com";
    const password = "una frase de prueba larga";
    await upsertUserFromCli(db.db, { email, password, role: "editor" });
    const signedIn = await signIn(db.db, { email, password }, { ip: "10.0.0.5" });
    if (!signedIn.ok || signedIn.twoFactor) throw new Error("no se pudo iniciar sesión");
    const cookie = cookieFrom(signedIn.headers);
    // Enrolling took her a few minutes.
    await db.db
      .update(auditLog)
      .set({ at: sql`${auditLog.at} - interval '5 minutes'` })
      .where(and(eq(auditLog.actorId, signedIn.userId), eq(auditLog.action, "login")));
    await db.db
      .update(session)
      .set({ createdAt: sql`${session.createdAt} - interval '5 minutes'` })
      .where(eq(session.userId, signedIn.userId));
    const post = (form: Record<string, string>) =>
      run(accountPage.action as (args: never) => unknown, {
        request: makeRequest("/admin/cuenta", { cookie, form }),
        context: makeContext("10.0.0.5"),
      });
    expect((await post({ intent: "enable", password })).status).toBe(302);
    const { pending } = (await load(accountPage, "/admin/cuenta", cookie)) as {
      pending: { secret: string };
    };
    const raw = new TextDecoder().decode(base32.decode(pending.secret));
    const confirmed = await post({ intent: "confirm", code: await totpCode(raw), saved: "on" });
    expect(confirmed.status).toBe(302);
    const renewed = cookieFrom(confirmed.headers);
    expect(renewed).not.toBe(cookie);
    expect((await load(dashboard, "/admin", renewed)).lastAccess).toBeNull();
  });

  it("tells the event streams of those who read messages when the inbox changes", async () => {
    const open = async (cookie: string, abort: AbortController) => {
      const request = new Request("http://localhost:3000/api/eventos", {
        headers: { cookie },
        signal: abort.signal,
      });
      const res = (await eventsApi.loader({
        request,
        context: makeContext(),
      } as never)) as Response;
      expect(res.status).toBe(200);
      expect(await sees(res.body!, "listo", 5000)).toBe(true);
      return res.body!;
    };
    const abort = new AbortController();
    const editor = await open(cookies.editor!, abort);
    const contributor = await open(cookies.contributor!, abort);

    await submitContact(db.db, contact("dos@example.com"), { ip: "10.0.0.4" });
    expect(await sees(editor, "mensajes", 5000)).toBe(true);
    expect(await sees(contributor, "mensajes", 500)).toBe(false);

    // Reading a message (the page's POST) is announced too, and the count follows.
    const before = (await load(layout, "/admin", cookies.editor!)).counts as { unread: number };
    const { items } = (await load(messagesPage, "/admin/mensajes", cookies.editor!)) as {
      items: Array<{ id: number }>;
    };
    const read = await run(messagesPage.action as (args: never) => unknown, {
      request: makeRequest("/admin/mensajes", {
        cookie: cookies.editor!,
        form: { intent: "read", id: String(items[0]!.id), auto: "1" },
      }),
    });
    expect(read.status).toBe(200);
    expect(await sees(editor, "mensajes", 5000)).toBe(true);
    const after = (await load(layout, "/admin", cookies.editor!)).counts as { unread: number };
    expect(after.unread).toBe(before.unread - 1);
    abort.abort();
  });
});
