import {
  CalendarDays,
  FileText,
  History,
  LetterText,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  MessageSquareQuote,
  Scale,
  Settings,
  ShieldCheck,
  Users,
  FileSignature,
} from "lucide-react";
import { useState } from "react";
import { Form, Link, NavLink } from "react-router";
import { LogoMark } from "~/components/site/site-header";
import { Button } from "~/components/ui/button";
import { Drawer, DrawerContent, DrawerTrigger } from "~/components/ui/drawer";
import { can, roleLabel } from "~/modules/accounts/roles";
import { cn } from "~/utils/cn";

export interface AdminUser {
  name: string;
  email: string;
  role: string;
}

/** What waits for this person, from the layout's loader (0 for roles that may not see it). */
export interface NavCounts {
  unread: number;
  pendingReviews: number;
  /** Appointment requests waiting for an answer. */
  waitingRequests: number;
}

/** The number on a link (messages unread, reviews to moderate), read out with its meaning. */
function badgeFor(to: string, counts: NavCounts) {
  if (to === "/admin/mensajes" && counts.unread > 0) {
    return { count: counts.unread, label: " sin leer" };
  }
  if (to === "/admin/citas" && counts.waitingRequests > 0) {
    return {
      count: counts.waitingRequests,
      label:
        counts.waitingRequests === 1 ? " solicitud por responder" : " solicitudes por responder",
    };
  }
  if (to === "/admin/resenas" && counts.pendingReviews > 0) {
    return {
      count: counts.pendingReviews,
      label: counts.pendingReviews === 1 ? " pendiente de publicar" : " pendientes de publicar",
    };
  }
  return null;
}

const LINKS = [
  { to: "/admin", label: "Panel", icon: LayoutDashboard, end: true },
  // Contributors see the week as busy blocks only (appointments.readBusy).
  { to: "/admin/citas", label: "Citas", icon: CalendarDays, capability: "appointments.readBusy" },
  {
    to: "/admin/consentimientos",
    label: "Consentimientos",
    icon: FileSignature,
    capability: "consent.manage",
  },
  { to: "/admin/blog", label: "Blog", icon: FileText },
  { to: "/admin/textos", label: "Textos de la web", icon: LetterText, capability: "pages.edit" },
  { to: "/admin/resenas", label: "Reseñas", icon: MessageSquareQuote },
  { to: "/admin/mensajes", label: "Mensajes", icon: Mail, capability: "messages.read" },
  { to: "/admin/usuarios", label: "Usuarios", icon: Users, capability: "users.manage" },
  { to: "/admin/ajustes", label: "Ajustes", icon: Settings, capability: "settings.manage" },
  { to: "/admin/estado-legal", label: "Estado legal", icon: Scale, capability: "settings.manage" },
  {
    to: "/admin/registro",
    label: "Registro de actividad",
    icon: History,
    capability: "audit.read",
  },
  { to: "/admin/cuenta", label: "Mi cuenta", icon: ShieldCheck },
] as const;

function NavContent({
  user,
  counts,
  onNavigate,
}: {
  user: AdminUser;
  counts: NavCounts;
  onNavigate?: () => void;
}) {
  return (
    <div className="flex h-full flex-col gap-6">
      <div className="rounded-card bg-white/10 p-4">
        <p className="text-xs tracking-wide text-[#cfd8d6] uppercase">Sesión iniciada como</p>
        <p className="mt-1 font-semibold text-white">{user.name}</p>
        <p className="text-sm text-[#cfd8d6]">{roleLabel(user.role)}</p>
      </div>
      <nav aria-label="Área de gestión">
        <ul className="flex flex-col gap-1">
          {LINKS.filter((l) => !("capability" in l) || can(user.role, l.capability)).map(
            ({ to, label, icon: Icon, ...rest }) => {
              const badge = badgeFor(to, counts);
              return (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={"end" in rest}
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      cn(
                        "flex min-h-11 items-center gap-3 rounded-field px-3 no-underline hover:bg-white/10",
                        isActive ? "bg-white/15 font-semibold text-white" : "text-[#e8eeec]",
                      )
                    }
                  >
                    <Icon aria-hidden="true" className="size-5" />
                    {label}
                    {badge ? (
                      <span className="ml-auto rounded-full bg-accent px-2 text-sm font-semibold text-white">
                        {badge.count}
                        <span className="sr-only">{badge.label}</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              );
            },
          )}
        </ul>
      </nav>
      <Form method="post" action="/auth/salir" className="mt-auto">
        <button
          type="submit"
          className="flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-field px-3 text-[#e8eeec] hover:bg-white/10"
        >
          <LogOut aria-hidden="true" className="size-5" />
          Cerrar sesión
        </button>
      </Form>
    </div>
  );
}

/** Sidebar on large screens; a drawer behind a menu button on small ones. */
export function AdminSidebar({ user, counts }: { user: AdminUser; counts: NavCounts }) {
  return (
    <aside className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col gap-6 overflow-y-auto bg-ink p-5 lg:flex">
      <Link
        to="/"
        className="flex min-h-11 items-center gap-2 font-serif text-lg font-semibold text-white no-underline"
      >
        <LogoMark />
        Inicio del sitio
      </Link>
      <NavContent user={user} counts={counts} />
    </aside>
  );
}

export function AdminMobileNav({ user, counts }: { user: AdminUser; counts: NavCounts }) {
  const [open, setOpen] = useState(false);
  return (
    <Drawer open={open} onOpenChange={setOpen} repositionInputs={false}>
      <DrawerTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label="Abrir menú de gestión"
        >
          <Menu aria-hidden="true" />
        </Button>
      </DrawerTrigger>
      <DrawerContent title="Menú" tone="dark">
        <div className="p-2">
          <NavContent user={user} counts={counts} onNavigate={() => setOpen(false)} />
        </div>
      </DrawerContent>
    </Drawer>
  );
}
