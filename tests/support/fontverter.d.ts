// fontverter ships no types.
declare module "fontverter" {
  type Format = "sfnt" | "truetype" | "woff" | "woff2";
  const fontverter: {
    convert(buffer: Buffer, toFormat: Format, fromFormat?: Format): Promise<Buffer>;
    detectFormat(buffer: Buffer): Format;
  };
  export default fontverter;
}
