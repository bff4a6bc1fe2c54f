// sql.js's asm.js build (no WebAssembly, so no change to the pages' script policy): the same API as its
// default build, which @types/sql.js describes.
declare module "sql.js/dist/sql-asm.js" {
  import initSqlJs from "sql.js";
  export default initSqlJs;
}
