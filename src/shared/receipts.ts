/** Issue 33: the receipt and its check as both sides read them (types of the wire schemas). */
export type { KeysDocumentWire, ReceiptWire, VerifyReceiptResponse } from '../interface/schemas/receipts.ts';
