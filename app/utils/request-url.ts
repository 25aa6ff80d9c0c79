/**
 * The page a request is about, without React Router's data-request details (`.data` suffix,
 * `_routes`/`index` parameters), which reach handlers as-is with future.v8_passThroughRequests.
 * Loaders receive this as their `url` argument; helpers that only get the Request use this.
 */
export function pageUrl(request: Request) {
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  return url;
}
