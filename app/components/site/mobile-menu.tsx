import { Drawer, DrawerContent } from "~/components/ui/drawer";

/** The phone menu's drawer (vaul), loaded the first time the menu button is pressed. */
export function MobileMenu({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <Drawer open={open} onOpenChange={onOpenChange} repositionInputs={false}>
      <DrawerContent title="Menú">{children}</DrawerContent>
    </Drawer>
  );
}
