import { expect, it } from "vitest";
import { pageUrl } from "./request-url";

it("removes React Router's data-request details from a URL", () => {
  const u = (s: string) => pageUrl(new Request(`http://x${s}`));
  expect(u("/admin/blog.data?_routes=routes%2Fadmin%2Fblog&q=a").toString()).toBe(
    "http://x/admin/blog?q=a",
  );
  expect(u("/_root.data").pathname).toBe("/");
  expect(u("/servicios/mindfulness").pathname).toBe("/servicios/mindfulness");
});
