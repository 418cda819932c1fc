export { DataTable, type DataColumn, type DataTableProps } from "./data-table";
