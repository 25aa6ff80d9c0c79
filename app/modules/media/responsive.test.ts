import { describe, expect, it } from "vitest";
import { isUploadedImageUrl, responsiveImage } from "./responsive";

describe("responsiveImage", () => {
  it("builds the srcset of an upload from its naming convention", () => {
    expect(responsiveImage("/media/blog/images/1718000000000-consulta-1600.webp", "50vw")).toEqual({
      src: "/media/blog/images/1718000000000-consulta-1600.webp",
      srcSet:
        "/media/blog/images/1718000000000-consulta-480.webp 480w, /media/blog/images/1718000000000-consulta-960.webp 960w, /media/blog/images/1718000000000-consulta-1600.webp 1600w",
      sizes: "50vw",
    });
    expect(responsiveImage("/media/blog/images/1718000000000-2024-700.webp").srcSet).toBe(
      "/media/blog/images/1718000000000-2024-480.webp 480w, /media/blog/images/1718000000000-2024-700.webp 700w",
    );
    expect(responsiveImage("/media/blog/images/1718000000000-mini-300.webp")).toEqual({
      src: "/media/blog/images/1718000000000-mini-300.webp",
      srcSet: "/media/blog/images/1718000000000-mini-300.webp 300w",
      sizes: "100vw",
    });
  });

  it("leaves anything else alone", () => {
    for (const url of [
      "/media/portadas/ansiedad/respirar.svg",
      "/illustrations/retrato.svg",
      "https://example.com/media/blog/images/1718000000000-x-960.webp",
      "/media/blog/images/../1718000000000-x-960.webp",
      "/media/blog/images/1718000000000-x-960.png",
    ]) {
      expect(responsiveImage(url)).toEqual({ src: url });
      expect(isUploadedImageUrl(url)).toBe(false);
    }
    expect(isUploadedImageUrl("/media/blog/images/1718000000000-x-960.webp")).toBe(true);
  });
});
