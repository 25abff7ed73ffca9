// The monogram is shared with the server, which draws the same mark on the receipt PDF (print logo, issue 32).
export { monogram } from '@kippu/contract/format/monogram';
