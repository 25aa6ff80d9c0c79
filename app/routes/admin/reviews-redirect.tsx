import { redirect } from "react-router";

/** D15: /admin/reviews is the header link's address; it leads to the reviews page. */
export function loader() {
  throw redirect("/admin/resenas");
}
