import { FilePlus2, Globe, Settings, Users } from "lucide-react";
import { Link } from "react-router";

/** 'Acciones rápidas': only what this role may do (the server refuses the rest too). */
export function QuickActions({
  canPublish,
  managesUsers,
  managesSettings,
}: {
  canPublish: boolean;
  managesUsers: boolean;
  managesSettings: boolean;
}) {
  // Contributors cannot write articles.
  const actions = [
    { to: "/admin/blog/nuevo", label: "Nuevo artículo", icon: FilePlus2, show: canPublish },
    { to: "/admin/usuarios", label: "Gestionar usuarios", icon: Users, show: managesUsers },
    { to: "/blog", label: "Ver blog", icon: Globe, show: true, external: true },
    { to: "/admin/ajustes", label: "Ajustes", icon: Settings, show: managesSettings },
  ].filter((a) => a.show);
  return (
    <section aria-labelledby="acciones">
      <h2 id="acciones" className="text-h3">
        Acciones rápidas
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {actions.map(({ to, label, icon: Icon, external }) => (
          <li key={to}>
            <Link
              to={to}
              target={external ? "_blank" : undefined}
              rel={external ? "noopener noreferrer" : undefined}
              className="flex min-h-14 items-center gap-3 rounded-card border border-border bg-surface px-4 font-semibold no-underline shadow-soft hover:border-primary"
            >
              <Icon aria-hidden="true" className="size-5 text-primary" />
              {label}
              {external ? <span className="sr-only"> (se abre en una pestaña nueva)</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
