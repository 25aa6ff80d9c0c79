import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { appointments, bookingServices } from "~/db/schema";
import {
  ForgotPasswordSchema,
  InviteSchema,
  SignInSchema,
  SignUpSchema,
} from "~/modules/accounts/schemas";
import { BookingSchema } from "~/modules/booking/schema";
import { StaffBookingSchema } from "~/modules/booking/staff-schema";
import { ContactSchema } from "~/modules/contact/schema";
import { mailtoHref } from "~/utils/mailto";
import { inviteReviewer } from "~/modules/reviews/invitations.server";
import { DEFAULT_SETTINGS } from "~/modules/settings/defaults";
import { SettingsSchema } from "~/modules/settings/schemas";
import { updateSettings } from "~/modules/settings/settings.server";
import * as agendaPage from "~/routes/admin/appointments";
import * as bookingPage from "~/routes/public/booking";
import { EMAIL_MESSAGES } from "~/utils/email-address";
import { parseWith } from "~/utils/form-schema";
import { DRIVERS, useTestDatabase } from "../support/db";
import { makeRequest, run, staffCookie } from "../support/routes";

/**
 * Issue #32, item 6: an address like `a@b.c?bcc=x@evil&body=…` written into `mailto:` adds
 * recipients and text in the staff's mail client. Every form refuses it with the same message,
 * and every `mailto:` link encodes the address (lint keeps it so: layering.test.ts).
 */

const HOSTILE = [
  "a@b.c?bcc=x@y.z",
  "a@b.c?bcc=x%40evil.example&body=Hola",
  "ana@ejemplo.es?subject=hola",
  "ana&body=x@ejemplo.es",
  "ana=x@ejemplo.es",
  "ana%0d%0abcc@ejemplo.es",
  "ana/x@ejemplo.es",
  "ana\\x@ejemplo.es",
  '"ana"@ejemplo.es',
  "<ana>@ejemplo.es",
  "ana,otra@ejemplo.es",
  "ana;otra@ejemplo.es",
  "ana:x@ejemplo.es",
  "ana perez@ejemplo.es",
  "ana#x@ejemplo.es",
  "ana\r\nBcc: x@ejemplo.es",
  "ana\u0007@ejemplo.es",
  "ana\u0000@ejemplo.es",
];
const FINE = ["ana@ejemplo.es", "Ana.Perez+citas@Ejemplo.es", "o'neil@ejemplo.es", "a_b-c@x-y.co"];

/** Each form's schema with valid values around the address. */
const FORMS: Record<string, { schema: Parameters<typeof parseWith>[0]; values: object }> = {
  contact: {
    schema: ContactSchema,
    values: { name: "Ana Pérez", message: "Hola", consent: "on" },
  },
  booking: {
    schema: BookingSchema,
    values: {
      service: "1",
      slot: "1801051200000",
      name: "Ana Pérez",
      firstVisit: "si",
      consent: "on",
    },
  },
  "staff booking": {
    schema: StaffBookingSchema,
    values: { service: "1", date: "2027-03-01", time: "10:00", name: "Ana Pérez" },
  },
  "account invitation": {
    schema: InviteSchema,
    values: { name: "Ana", role: "editor" },
  },
  "sign-up": {
    schema: SignUpSchema,
    values: { name: "Ana", password: "una frase bastante larga" },
  },
  "sign-in": { schema: SignInSchema, values: { password: "x" } },
  "forgotten password": { schema: ForgotPasswordSchema, values: {} },
  settings: { schema: SettingsSchema, values: DEFAULT_SETTINGS },
};

describe("one address rule in every form", () => {
  for (const [form, { schema, values }] of Object.entries(FORMS)) {
    it(`${form}: refuses characters outside the address grammar, in Spanish`, () => {
      const field = form === "settings" ? "contactEmail" : "email";
      for (const address of HOSTILE) {
        const result = parseWith(schema, { ...values, [field]: address });
        expect(result.ok ? null : result.fieldErrors, JSON.stringify(address)).toEqual({
          [field]: [EMAIL_MESSAGES.invalid],
        });
      }
      for (const address of FINE) {
        const result = parseWith(schema, { ...values, [field]: address });
        expect(result.ok, address).toBe(true);
        if (result.ok) {
          expect((result.data as Record<string, string>)[field]).toBe(address.toLowerCase());
        }
      }
    });
  }
});

describe("the encoder", () => {
  it("percent-encodes the address, so it cannot add fields; subject and body are encoded", () => {
    expect(mailtoHref("a@b.c?bcc=x@evil.example&body=hola")).toBe(
      "mailto:a@b.c%3Fbcc%3Dx@evil.example%26body%3Dhola",
    );
    expect(mailtoHref("ana@ejemplo.es", { subject: "Re: tu mensaje", body: "a&b\nc" })).toBe(
      "mailto:ana@ejemplo.es?subject=Re%3A%20tu%20mensaje&body=a%26b%0Ac",
    );
    expect(mailtoHref("", { subject: "Título" })).toBe("mailto:?subject=T%C3%ADtulo");
  });
});

describe.each(DRIVERS)("booking and agenda with a hostile address (%s)", (driver) => {
  const db = useTestDatabase(driver);
  let admin = "";
  let service = 0;
  beforeAll(async () => {
    admin = await staffCookie(db.db, "administrator");
    await updateSettings(db.db, { ...DEFAULT_SETTINGS, bookingEnabled: true });
    const [row] = await db.db
      .insert(bookingServices)
      .values({
        name: "Sesión individual",
        durationMinutes: 50,
        modality: "presencial",
        mode: "request",
      })
      .returning();
    service = row!.id;
  });

  it("a booking with a@b.c?bcc=x@y.z is refused with 400 and a Spanish message; nothing is stored", async () => {
    // The second one has a single @: the booking form used to accept it.
    for (const email of ["a@b.c?bcc=x@y.z", "a@b.c?bcc=x%40evil.example&body=Hola"]) {
      const out = await run(bookingPage.action, {
        request: makeRequest("/cita", {
          form: {
            service: String(service),
            slot: String(Date.now() + 3 * 24 * 3600_000),
            name: "Ana Pérez",
            email,
            firstVisit: "si",
            consent: "on",
          },
        }),
      });
      expect(out.status, email).toBe(400);
      expect(out.data).toMatchObject({ fieldErrors: { email: ["Introduce un email válido"] } });
      expect(Object.keys((out.data as { fieldErrors: object }).fieldErrors)).toEqual(["email"]);
    }
    expect(await db.db.select().from(appointments)).toEqual([]);
  });

  it("a review invitation to such an address is refused with the same message", async () => {
    const result = await inviteReviewer(
      db.db,
      { id: "u1", email: "editora@example.com" },
      "a@b.c?bcc=x@y.z",
      "192.0.2.1",
    );
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { email: [EMAIL_MESSAGES.invalid] },
    });
  });

  it("an address stored before the rule is linked encoded in the agenda: no raw ? or &", async () => {
    const bad = "a@b.c?bcc=x@evil.example&body=Hola";
    const startsAt = new Date(Date.now() + 2 * 24 * 3600_000);
    await db.db.insert(appointments).values({
      id: "33333333-3333-4333-8333-333333333333",
      serviceId: service,
      serviceName: "Sesión individual",
      modality: "presencial",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 50 * 60_000),
      status: "requested",
      clientName: "Legado",
      clientEmail: bad,
    });
    const out = await run(agendaPage.loader, {
      request: makeRequest("/admin/citas", { cookie: admin }),
    });
    expect(out.status).toBe(200);
    const Stub = createRoutesStub([
      {
        id: "agenda",
        path: "/admin/citas",
        Component: agendaPage.default as never,
        action: () => null,
      },
    ]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: ["/admin/citas"],
        hydrationData: { loaderData: { agenda: out.data } },
      }),
    );
    const hrefs = [...html.matchAll(/href="(mailto:[^"]*)"/g)].map((m) =>
      m[1]!.replace(/&amp;/g, "&"),
    );
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      expect(href).toBe("mailto:a@b.c%3Fbcc%3Dx@evil.example%26body%3DHola");
      expect(href).not.toMatch(/[?&]/);
    }
  });
});
