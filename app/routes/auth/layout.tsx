import { Link, Outlet } from "react-router";
import { LogoMark } from "~/components/site/site-header";
import { useRootData } from "~/root";

export default function AuthLayout() {
  const root = useRootData();
  return (
    <div className="flex min-h-screen flex-col bg-sand">
      <header className="container-page py-6">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-2 font-serif text-lg font-semibold no-underline"
        >
          <LogoMark />
          {root?.settings.professionalName}
        </Link>
      </header>
      <main id="contenido" className="container-page flex flex-1 items-start justify-center pb-16">
        <Outlet />
      </main>
    </div>
  );
}
