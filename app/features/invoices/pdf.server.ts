import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { includedTaxText } from '../../lib/amounts.ts';
import { formatPrice } from '../../lib/money.ts';
import { formatDate } from '../../lib/format.ts';
import { documentNumber, type CreditNoteSnapshot, type InvoiceSnapshot, type IssuedDocument, type Seller } from './invoices.server.ts';

/*
 * Invoices, credit notes and packing slips as PDF (pdf-lib). The text is set in DejaVu Sans
 * (from npm, embedded as a subset of the glyphs used): Latin, Greek, Cyrillic and more, so
 * names and addresses in the shop's languages print as typed. A character the font lacks
 * (Chinese, Japanese, Korean, Thai, Devanagari…) is printed as "?" and the document says so
 * at the foot of its pages, so nothing goes missing unnoticed. Amounts go through
 * formatPrice with the price format the document was issued under, row for row as the order
 * page shows them (order.display). Several documents make one PDF, each from a new page.
 */

export interface PackingSlip {
  kind: 'packing_slip';
  seller: Seller;
  order: { id: number; createdAt: string; shipTo: string[]; shippingMethods: string[]; customerNote: string };
  /** The locale its dates are written in (the shop's language). */
  locale: string;
  items: { name: string; sku: string; quantity: number; attributes: { name: string; value: string }[] }[];
}

export type PrintableDocument = IssuedDocument<InvoiceSnapshot> | IssuedDocument<CreditNoteSnapshot> | PackingSlip;

const require = createRequire(import.meta.url);
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;
function fontFiles() {
  fonts ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fonts;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const GREY = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.8, 0.8, 0.8);

const charSets = new WeakMap<PDFFont, Set<number>>();
/** The text with each character the font has no glyph for as "?"; `lacking` says whether any was. */
function printable(font: PDFFont, text: string): { text: string; lacking: boolean } {
  let set = charSets.get(font);
  if (!set) charSets.set(font, (set = new Set(font.getCharacterSet())));
  let lacking = false;
  const out = Array.from(text, (c) => {
    const code = c.codePointAt(0)!;
    if (set.has(code) || code < 0x20) return c;
    lacking = true;
    return '?';
  }).join('');
  return { text: out, lacking };
}

const RTL = '\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF';
const RUNS = new RegExp(`[${RTL}](?:[${RTL}\\s]*[${RTL}])?|[^${RTL}]+`, 'g');
/**
 * A left-to-right line cut where its direction changes: each right-to-left run (Arabic,
 * Hebrew, with the spaces between its words) is laid out on its own, so the font's shaping
 * joins its letters and sets them right to left, and the runs follow each other as a mixed
 * line reads. (Only this much of the Unicode bidi algorithm: the documents' lines are LTR.)
 */
const directionRuns = (text: string): string[] => text.match(RUNS) ?? [];

/** A cursor down the pages of one document: new pages as the text runs over. */
class Writer {
  page!: PDFPage;
  y = 0;
  pages: PDFPage[] = [];
  /** Some text had characters the font lacks (printed as "?"). */
  lacking = false;
  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly onNewPage: (w: Writer) => void = () => {},
  ) {
    this.addPage(false);
  }

  addPage(repeat = true) {
    this.page = this.pdf.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN;
    if (repeat) this.onNewPage(this);
  }

  need(height: number) {
    if (this.y - height < MARGIN + 24) this.addPage();
  }

  /** Splits text into lines that fit `width` at `size` (long words are cut). */
  wrap(text: string, width: number, size: number, font = this.regular): string[] {
    const out: string[] = [];
    for (const para of text.split('\n')) {
      let line = '';
      for (const word of para.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) <= width) {
          line = next;
          continue;
        }
        if (line) out.push(line);
        line = word;
        while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
          out.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      out.push(line);
    }
    return out;
  }

  text(raw: string, x: number, opts: { size?: number; bold?: boolean; right?: number; color?: ReturnType<typeof rgb> } = {}) {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.regular;
    const { text: s, lacking } = printable(font, raw);
    if (lacking) this.lacking = true;
    const runs = directionRuns(s);
    const widths = runs.map((r) => font.widthOfTextAtSize(r, size));
    let at = opts.right !== undefined ? opts.right - widths.reduce((a, b) => a + b, 0) : x;
    runs.forEach((r, i) => {
      this.page.drawText(r, { x: at, y: this.y, size, font, color: opts.color ?? rgb(0, 0, 0) });
      at += widths[i]!;
    });
  }

  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4[0] - MARGIN, y: this.y }, thickness: 0.5, color: RULE });
  }
}

const RIGHT = A4[0] - MARGIN;

/** Seller top left, the document's title and facts top right; then the addresses. */
function header(w: Writer, seller: Seller, title: string, facts: [string, string][], blocks: [string, string[]][]) {
  const top = w.y;
  w.text(seller.name, MARGIN, { size: 14, bold: true });
  w.y -= 16;
  for (const l of seller.address) {
    w.text(l, MARGIN, { size: 9, color: GREY });
    w.y -= 12;
  }
  if (seller.vatNumber) {
    w.text(`VAT number: ${seller.vatNumber}`, MARGIN, { size: 9, color: GREY });
    w.y -= 12;
  }
  const left = w.y;
  w.y = top;
  w.text(title, 0, { size: 20, bold: true, right: RIGHT });
  w.y -= 22;
  for (const [label, value] of facts) {
    w.text(`${label}: ${value}`, 0, { size: 9, right: RIGHT });
    w.y -= 12;
  }
  w.y = Math.min(left, w.y) - 18;
  const col = (A4[0] - 2 * MARGIN) / 2;
  const start = w.y;
  let lowest = w.y;
  blocks.forEach(([heading, lines], i) => {
    w.y = start;
    const x = MARGIN + i * col;
    w.text(heading, x, { size: 10, bold: true });
    w.y -= 13;
    for (const l of lines) for (const part of w.wrap(l, col - 12, 9)) {
      w.text(part, x, { size: 9 });
      w.y -= 11;
    }
    lowest = Math.min(lowest, w.y);
  });
  w.y = lowest - 16;
}

function tableHead(w: Writer, cols: { label: string; right?: number }[]) {
  for (const c of cols) w.text(c.label, MARGIN, { size: 9, bold: true, ...(c.right !== undefined ? { right: c.right } : {}) });
  w.y -= 6;
  w.rule();
  w.y -= 13;
}

/** One product row: name (wrapped), attributes and SKU below; the figures on the first line. */
function productRow(w: Writer, item: { name: string; sku: string; attributes: { name: string; value: string }[] }, figures: { text: string; right: number }[], nameWidth: number) {
  const nameLines = w.wrap(item.name, nameWidth, 10);
  const extra = [...item.attributes.map((a) => `${a.name}: ${a.value}`), ...(item.sku ? [`SKU: ${item.sku}`] : [])];
  w.need(nameLines.length * 12 + extra.length * 11 + 6);
  for (const f of figures) w.text(f.text, 0, { size: 10, right: f.right });
  nameLines.forEach((l, i) => {
    if (i) w.y -= 12;
    w.text(l, MARGIN, { size: 10 });
  });
  for (const e of extra) {
    w.y -= 11;
    w.text(e, MARGIN + 8, { size: 8, color: GREY });
  }
  w.y -= 8;
  w.rule();
  w.y -= 13;
}

function totalRow(w: Writer, label: string, value: string, bold = false) {
  w.need(14);
  w.text(label, 0, { size: 10, bold, right: RIGHT - 110 });
  w.text(value, 0, { size: 10, bold, right: RIGHT });
  w.y -= 14;
}

const LACKING_NOTE = 'Characters this document’s font does not have are printed as “?”.';

function footer(w: Writer, seller: Seller) {
  const own = printable(w.regular, seller.footer.slice(0, 160));
  const lacking = w.lacking || own.lacking;
  w.pages.forEach((p, i) => {
    if (seller.footer) p.drawText(own.text, { x: MARGIN, y: MARGIN - 16, size: 8, font: w.regular, color: GREY });
    if (lacking) p.drawText(LACKING_NOTE, { x: MARGIN, y: MARGIN - 4, size: 8, font: w.regular, color: GREY });
    const label = `Page ${i + 1} of ${w.pages.length}`;
    p.drawText(label, { x: RIGHT - w.regular.widthOfTextAtSize(label, 8), y: MARGIN - 16, size: 8, font: w.regular, color: GREY });
  });
}

const QTY = RIGHT - 120;

function invoice(pdf: PDFDocument, fonts: [PDFFont, PDFFont], doc: IssuedDocument<InvoiceSnapshot>) {
  const { seller, format, order } = doc.snapshot;
  const money = (m: number) => formatPrice(m, format);
  const orderDate = (iso: string) => formatDate(iso, doc.snapshot.locale ?? 'en-GB');
  const head = [{ label: 'Product' }, { label: 'Quantity', right: QTY }, { label: 'Amount', right: RIGHT }];
  const w = new Writer(pdf, fonts[0], fonts[1], (x) => tableHead(x, head));
  header(
    w,
    seller,
    'Invoice',
    [
      ['Invoice number', documentNumber('invoice', doc.number)],
      ['Invoice date', orderDate(doc.createdAt)],
      ['Order number', String(order.id)],
      ['Order date', orderDate(order.createdAt)],
      ['Payment method', order.paymentMethodTitle],
    ],
    [['Billing address', order.billing], ...(order.shipping.length ? ([['Shipping address', order.shipping]] as [string, string[]][]) : [])],
  );
  tableHead(w, head);
  const d = order.display;
  const amount = new Map(d.lines.map((l) => [l.key, l.amount]));
  for (const item of order.items) {
    productRow(w, item, [{ text: String(item.quantity), right: QTY }, { text: money(amount.get(String(item.id)) ?? 0), right: RIGHT }], QTY - MARGIN - 60);
  }
  totalRow(w, 'Subtotal', money(d.subtotal));
  for (const c of d.discounts) totalRow(w, c.code ? `Coupon: ${c.code}` : 'Discount', `−${money(c.amount)}`);
  for (const s of d.shipping) totalRow(w, `Shipping via ${s.title}`, money(s.amount));
  for (const t of d.taxes) totalRow(w, t.label, money(t.amount));
  totalRow(w, 'Total', money(d.total), true);
  const included = includedTaxText(d, money);
  if (included) totalRow(w, '', `Includes ${included}`);
  footer(w, seller);
}

function creditNote(pdf: PDFDocument, fonts: [PDFFont, PDFFont], doc: IssuedDocument<CreditNoteSnapshot>) {
  const { seller, format, order, refund, invoiceNumber } = doc.snapshot;
  const money = (m: number) => formatPrice(m, format);
  const orderDate = (iso: string) => formatDate(iso, doc.snapshot.locale ?? 'en-GB');
  const head = [{ label: 'Returned' }, { label: 'Quantity', right: RIGHT }];
  const w = new Writer(pdf, fonts[0], fonts[1], (x) => tableHead(x, head));
  header(
    w,
    seller,
    'Credit note',
    [
      ['Credit note number', documentNumber('credit_note', doc.number)],
      ['Date', orderDate(doc.createdAt)],
      ...(invoiceNumber ? ([['Corrects invoice', documentNumber('invoice', invoiceNumber)]] as [string, string][]) : []),
      ['Order number', String(order.id)],
    ],
    [['Billing address', order.billing]],
  );
  if (refund.items.length) {
    tableHead(w, head);
    for (const item of refund.items) productRow(w, { name: item.name, sku: '', attributes: [] }, [{ text: String(item.quantity), right: RIGHT }], RIGHT - MARGIN - 80);
  }
  if (refund.reason) {
    for (const l of w.wrap(`Reason: ${refund.reason}`, RIGHT - MARGIN, 10)) {
      w.need(14);
      w.text(l, MARGIN);
      w.y -= 14;
    }
    w.y -= 6;
  }
  if (refund.shipping) totalRow(w, 'Shipping refunded', `−${money(refund.shipping)}`);
  totalRow(w, 'Amount credited', `−${money(refund.amount)}`, true);
  footer(w, seller);
}

function packingSlip(pdf: PDFDocument, fonts: [PDFFont, PDFFont], doc: PackingSlip) {
  const head = [{ label: 'Product' }, { label: 'Quantity', right: RIGHT }];
  const orderDate = (iso: string) => formatDate(iso, doc.locale);
  const w = new Writer(pdf, fonts[0], fonts[1], (x) => tableHead(x, head));
  header(
    w,
    doc.seller,
    'Packing slip',
    [
      ['Order number', String(doc.order.id)],
      ['Order date', orderDate(doc.order.createdAt)],
      ...doc.order.shippingMethods.map((m) => ['Shipping method', m] as [string, string]),
    ],
    [['Ship to', doc.order.shipTo]],
  );
  tableHead(w, head);
  for (const item of doc.items) productRow(w, item, [{ text: String(item.quantity), right: RIGHT }], RIGHT - MARGIN - 80);
  if (doc.order.customerNote) {
    for (const l of w.wrap(`Note: ${doc.order.customerNote}`, RIGHT - MARGIN, 10)) {
      w.need(14);
      w.text(l, MARGIN);
      w.y -= 14;
    }
  }
  footer(w, { ...doc.seller, footer: '' });
}

const TITLES = { invoice: 'Invoice', credit_note: 'Credit note', packing_slip: 'Packing slip' } as const;

/** One PDF of the documents given, in order, each starting on a new page. */
export async function renderPdf(docs: PrintableDocument[], title?: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const files = await fontFiles();
  const f: [PDFFont, PDFFont] = [await pdf.embedFont(files.regular, { subset: true }), await pdf.embedFont(files.bold, { subset: true })];
  pdf.setTitle(title ?? (docs.length === 1 ? TITLES[docs[0]!.kind] : 'Documents'));
  pdf.setCreator('Vitrine');
  pdf.setProducer('Vitrine');
  for (const doc of docs) {
    if (doc.kind === 'packing_slip') packingSlip(pdf, f, doc);
    else if (doc.kind === 'invoice') invoice(pdf, f, doc as IssuedDocument<InvoiceSnapshot>);
    else creditNote(pdf, f, doc as IssuedDocument<CreditNoteSnapshot>);
  }
  return pdf.save();
}

/** A PDF answer: `inline` opens in the browser's viewer, else it downloads. */
export function pdfResponse(bytes: Uint8Array, filename: string, inline = false): Response {
  return new Response(Buffer.from(bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
