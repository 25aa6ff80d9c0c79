import fs from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  contactMessages,
  mailOutbox,
  pageViews,
  rateLimit,
  reviewInvitations,
  session,
  user,
  verification,
} from "~/db/schema";
import { PrivacyPolicy } from "~/components/site/legal/privacy-policy";
import { days, months, RETENTION } from "~/modules/retention/periods";
import { runRetention } from "~/modules/retention/retention.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { DEFAULT_SETTINGS } from "~/modules/settings/schemas";
import { DRIVERS, useTestDatabase } from "../support/db";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);
const monthsAgo = (n: number) => {
  const d = new Date(now);
  d.setMonth(d.getMonth() - n);
  return d;
};
const madridDay = (d: Date) => d.toLocaleDateString("sv-SE", { timeZone: "Europe/Madrid" });

describe.each(DRIVERS)("retention job (%s)", (driver) => {
  const db = useTestDatabase(driver);

  it("deletes what is past its period in RETENTION and keeps everything fresh", async () => {
    const d = db.db;
    await updateSettings(d, { ...DEFAULT_SETTINGS, messageRetentionMonths: 6 });

    await d.insert(rateLimit).values([
      { key: "viejo", count: 3, windowStart: ago((RETENTION.rateLimitHours + 1) * HOUR) },
      { key: "nuevo", count: 1, windowStart: ago(10 * 60 * 1000) },
    ]);
    await d.insert(auditLog).values([
      { action: "a_borrar", at: monthsAgo(RETENTION.auditMonths + 1), ip: "203.0.113.1" },
      { action: "ip_fuera", at: monthsAgo(RETENTION.auditIpMonths + 1), ip: "203.0.113.2" },
      { action: "reciente", at: ago(DAY), ip: "203.0.113.3" },
    ]);
    await d.insert(user).values([
      {
        id: "u-ok",
        name: "Ok",
        email: "ok@ejemplo.es",
        emailVerified: true,
        createdAt: monthsAgo(12),
      },
      {
        id: "u-sin-confirmar-viejo",
        name: "Viejo",
        email: "viejo@ejemplo.es",
        emailVerified: false,
        approvedAt: null, // a self sign-up: pending until an administrator approves it
        createdAt: ago((RETENTION.unverifiedAccountDays + 1) * DAY),
      },
      {
        id: "u-sin-confirmar-nuevo",
        name: "Nuevo",
        email: "nuevo@ejemplo.es",
        emailVerified: false,
        approvedAt: null, // a self sign-up: pending until an administrator approves it
        createdAt: ago(DAY),
      },
    ]);
    await d.insert(session).values([
      { id: "s-caducada", token: "t1", userId: "u-ok", expiresAt: ago(HOUR) },
      { id: "s-valida", token: "t2", userId: "u-ok", expiresAt: new Date(now.getTime() + DAY) },
    ]);
    await d.insert(verification).values([
      { id: "v-caducada", identifier: "x", value: "1", expiresAt: ago(HOUR) },
      { id: "v-valida", identifier: "y", value: "2", expiresAt: new Date(now.getTime() + HOUR) },
    ]);
    const mail = (subject: string, status: string, createdAt: Date, sentAt: Date | null) => ({
      to: "consulta@ejemplo.es",
      subject,
      text: "x",
      status,
      createdAt,
      sentAt,
    });
    await d
      .insert(mailOutbox)
      .values([
        mail("enviado-viejo", "sent", ago(40 * DAY), ago((RETENTION.sentMailDays + 1) * DAY)),
        mail("enviado-nuevo", "sent", ago(2 * DAY), ago(DAY)),
        mail("fallido-viejo", "failed", ago((RETENTION.failedMailDays + 1) * DAY), null),
        mail("fallido-nuevo", "failed", ago((RETENTION.sentMailDays + 1) * DAY), null),
        mail("pendiente-viejo", "pending", ago(200 * DAY), null),
      ]);
    await d.insert(contactMessages).values([
      {
        name: "Viejo",
        email: "v@ejemplo.es",
        message: "x",
        consentAt: monthsAgo(7),
        createdAt: monthsAgo(7),
      },
      {
        name: "Nuevo",
        email: "n@ejemplo.es",
        message: "x",
        consentAt: ago(DAY),
        createdAt: ago(DAY),
      },
    ]);
    await d.insert(pageViews).values([
      { day: madridDay(monthsAgo(RETENTION.pageViewMonths + 1)), path: "/viejo", views: 3 },
      { day: madridDay(now), path: "/nuevo", views: 1 },
    ]);
    await d.insert(reviewInvitations).values([
      {
        email: "vieja@ejemplo.es",
        tokenHash: "h-vieja",
        expiresAt: ago((RETENTION.reviewInvitationDays + 1) * DAY),
      },
      { email: "nueva@ejemplo.es", tokenHash: "h-nueva", expiresAt: ago(DAY) },
    ]);
    const dir = path.join(process.env.DATA_DIR!, "mail");
    fs.mkdirSync(dir, { recursive: true });
    const oldEml = path.join(dir, "2000-01-01T00-00-00-000Z-retencion.eml");
    const freshEml = path.join(dir, "2999-01-01T00-00-00-000Z-retencion.eml");
    fs.writeFileSync(oldEml, "To: x@ejemplo.es\n\nviejo\n");
    fs.writeFileSync(freshEml, "To: x@ejemplo.es\n\nnuevo\n");
    const old = ago((RETENTION.sentMailDays + 1) * DAY);
    fs.utimesSync(oldEml, old, old);

    const removed = await runRetention(d, now);
    expect(removed).toMatchObject({
      rateLimit: 1,
      auditIps: 2,
      auditEntries: 1,
      sessions: 1,
      verifications: 1,
      unverifiedAccounts: 1,
      sentMail: 1,
      failedMail: 1,
      contactMessages: 1,
      pageViews: 1,
      reviewInvitations: 1,
    });
    expect(removed.emlFiles).toBeGreaterThanOrEqual(1);

    expect((await d.select().from(rateLimit)).map((r) => r.key)).toEqual(["nuevo"]);
    const audit = await d.select().from(auditLog);
    expect(audit.map((a) => [a.action, a.ip]).sort()).toEqual([
      ["ip_fuera", null],
      ["reciente", "203.0.113.3"],
    ]);
    expect((await d.select().from(session)).map((s) => s.id)).toEqual(["s-valida"]);
    expect((await d.select().from(verification)).map((v) => v.id)).toEqual(["v-valida"]);
    const users = await d
      .select({ id: user.id })
      .from(user)
      .where(inArray(user.id, ["u-ok", "u-sin-confirmar-viejo", "u-sin-confirmar-nuevo"]));
    expect(users.map((u) => u.id).sort()).toEqual(["u-ok", "u-sin-confirmar-nuevo"]);
    expect((await d.select().from(mailOutbox)).map((m) => m.subject).sort()).toEqual([
      "enviado-nuevo",
      "fallido-nuevo",
      "pendiente-viejo",
    ]);
    expect((await d.select().from(contactMessages)).map((m) => m.name)).toEqual(["Nuevo"]);
    expect((await d.select().from(pageViews)).map((p) => p.path)).toEqual(["/nuevo"]);
    expect((await d.select().from(reviewInvitations)).map((i) => i.email)).toEqual([
      "nueva@ejemplo.es",
    ]);
    expect(fs.existsSync(oldEml)).toBe(false);
    expect(fs.existsSync(freshEml)).toBe(true);
    fs.rmSync(freshEml);

    // A second run (another instance, the next day) finds nothing more to do.
    const again = await runRetention(d, now);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
    expect(await d.select().from(session).where(eq(session.id, "s-valida"))).toHaveLength(1);
  });

  it("never deletes an account an administrator approved, even if its address is unconfirmed", async () => {
    const d = db.db;
    const old = ago((RETENTION.unverifiedAccountDays + 30) * DAY);
    await d.insert(user).values([
      {
        id: "u-aprobado-sin-confirmar",
        name: "Aprobada",
        email: "aprobada@ejemplo.es",
        emailVerified: false,
        approvedAt: old,
        createdAt: old,
      },
      {
        id: "u-pendiente-sin-confirmar",
        name: "Pendiente",
        email: "pendiente@ejemplo.es",
        emailVerified: false,
        approvedAt: null, // a self sign-up: pending until an administrator approves it
        createdAt: old,
      },
    ]);
    const removed = await runRetention(d, now);
    expect(removed.unverifiedAccounts).toBe(1);
    const left = await d
      .select({ id: user.id })
      .from(user)
      .where(inArray(user.id, ["u-aprobado-sin-confirmar", "u-pendiente-sin-confirmar"]));
    expect(left.map((u) => u.id)).toEqual(["u-aprobado-sin-confirmar"]);
  });

  it("the privacy policy states the periods the job applies", async () => {
    const settings = await getSettings(db.db);
    const html = renderToString(
      createElement(MemoryRouter, null, createElement(PrivacyPolicy, { settings })),
    );
    const text = html
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, "")
      .replace(/\s+/g, " ");
    expect(text).toContain(`durante ${months(settings.messageRetentionMonths)} desde su`);
    expect(text).toContain(`a los ${days(RETENTION.sentMailDays)} de enviarse`);
    expect(text).toContain(`a los ${days(RETENTION.failedMailDays)} si no pudo entregarse`);
    expect(text).toContain(
      `la invitación se borra ${days(RETENTION.reviewInvitationDays)} después de caducar`,
    );
    expect(text).toContain(`se elimina a los ${days(RETENTION.unverifiedAccountDays)}`);
    expect(text).toContain(`la dirección IP se borra a los ${months(RETENTION.auditIpMonths)}`);
    expect(text).toContain(`se elimina a los ${months(RETENTION.auditMonths)}`);
    expect(text).toContain(`se eliminan a las ${RETENTION.rateLimitHours} horas`);
    expect(text).toContain(`se borran a los ${months(RETENTION.pageViewMonths)}`);
  });
});
