/** pdfmake's Roboto fonts as base64 TTF bytes by file name (a CommonJS module with no types of its own). */
declare module 'pdfmake/build/vfs_fonts.js' {
  const vfs: Readonly<Record<string, string>>;
  export default vfs;
}
