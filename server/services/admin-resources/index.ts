// The generic admin resources service (docs/admin-resources.md): what the generic pages (/admin/<slug>) and
// /api/admin/<slug> call for any resource declared in server/admin/resources/. Reading a request's query and
// values (input.ts), the records (records.ts), create/update/delete with the resource's hooks (crud.ts),
// what a delete would do (delete-impact.ts) and the files of upload fields (uploads.ts).

export {
  ADMIN_PAGE_SIZES,
  DEFAULT_ADMIN_PAGE_SIZE,
  parseListQuery,
  parseRecordInput,
  pickDeclaredValues,
  updateSchemaOf,
  type AdminListQuery,
} from "./input";
export { primaryKeyOf, recordKey, type AdminListResult, type AdminRecord, type AdminRelationLabel } from "./records";
export {
  bulkDeleteRecords,
  createRecord,
  deleteRecord,
  getRecord,
  listRecords,
  listRelationOptions,
  updateRecord,
  type AdminBulkDeleteResult,
  type CreateRecordOptions,
} from "./crud";
export { describeDeleteImpact, type AdminDeleteImpact } from "./delete-impact";
export { sniffFile, storeAdminUpload, type AdminUploadResult } from "./uploads";
