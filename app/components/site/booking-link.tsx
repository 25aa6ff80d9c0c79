/**
 * 'Pedir cita' (every booking button): the site's own /cita when booking is on in Ajustes, or the
 * external booking URL, which opens in a new tab (and says so to screen readers).
 */
export function BookingLink({
  href,
  children,
  ...props
}: React.ComponentProps<"a"> & { href: string }) {
  const external = !href.startsWith("/");
  return (
    <a href={href} {...(external && { target: "_blank", rel: "noopener noreferrer" })} {...props}>
      {children}
      {external && <span className="sr-only"> (se abre en una pestaña nueva)</span>}
    </a>
  );
}
