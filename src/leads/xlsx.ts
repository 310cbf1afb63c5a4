import writeXlsxFile, { type Cell, type SheetData } from "write-excel-file/node";
import type { LeadTable, TableCell } from "./table";

// The leads as an Excel workbook (issue 39), with write-excel-file: every cell typed (text as text, a time as a
// time), so no cell is ever a formula and none needs the apostrophe CSV puts before =, +, - and @.

/** The workbook's bytes: one sheet "Quotes", the headers bold and kept in view, the columns wide enough to read. */
export async function leadsToXlsx(table: LeadTable): Promise<Buffer> {
  const header: Cell[] = table.headers.map((value) => ({ value, type: String, fontWeight: "bold" }));
  const data: SheetData = [header, ...table.rows.map((row) => row.map(cellOf))];
  return writeXlsxFile(data, {
    sheet: "Quotes",
    stickyRowsCount: 1,
    columns: table.headers.map((name) => ({ width: Math.min(Math.max(name.length + 2, 14), 60) })),
  }).toBuffer();
}

function cellOf(cell: TableCell): Cell {
  if (cell.type === "time") return { value: cell.value, type: Date, format: "yyyy-mm-dd hh:mm" };
  if (cell.type === "day") return { value: cell.value, type: Date, format: "yyyy-mm-dd" };
  return { value: cell.value, type: String };
}
