// The second look for active content (issue 14.4), on the document as pdfjs parsed it: the
// byte check (pdf-active-content.ts) runs first, in the scanner's gate, but cannot see inside
// an encrypted PDF's object streams; pdfjs decrypts them. Asked before any page is drawn or
// its text read: document and page scripts, form-field scripts, an /OpenAction that runs a
// named action, attachments (named or as annotations) and XFA forms.
import { AnnotationType } from './pdfjs.ts';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js';

/** What pdfjs reports of an annotation, in the parts looked at here (its types say `any`). */
type AnnotationData = {
  annotationType?: number;
  actions?: Record<string, unknown> | null;
  attachment?: unknown;
};
type DocumentInfo = { IsXFAPresent?: boolean };

const hasEntries = (value: object | null | undefined) =>
  value !== null && value !== undefined && Object.keys(value).length > 0;

/** What active content pdfjs sees in the first `pageCount` pages and the document, or null. */
export async function parsedActiveContent(
  doc: PDFDocumentProxy,
  pageCount: number,
): Promise<string | null> {
  const [jsActions, hasFieldScripts, attachments, openAction, { info }] = await Promise.all([
    doc.getJSActions(),
    doc.hasJSActions(),
    doc.getAttachments(),
    doc.getOpenAction(),
    doc.getMetadata(),
  ]);
  if (hasEntries(jsActions)) return 'document JavaScript';
  if (hasFieldScripts) return 'form field JavaScript';
  if (hasEntries(attachments)) return 'attached files';
  if (openAction?.action) return `open action ${String(openAction.action)}`;
  if ((info as DocumentInfo).IsXFAPresent) return 'XFA form';
  for (let number = 1; number <= Math.min(doc.numPages, pageCount); number++) {
    const found = await pageActiveContent(doc, number);
    if (found) return found;
  }
  return null;
}

async function pageActiveContent(doc: PDFDocumentProxy, number: number): Promise<string | null> {
  const page = await doc.getPage(number);
  try {
    const [pageActions, annotations] = await Promise.all([
      page.getJSActions(),
      page.getAnnotations() as Promise<AnnotationData[]>,
    ]);
    if (hasEntries(pageActions)) return `page ${number} JavaScript`;
    for (const annotation of annotations) {
      if (hasEntries(annotation.actions)) return `page ${number} annotation JavaScript`;
      if (annotation.annotationType === AnnotationType.FILEATTACHMENT || annotation.attachment) {
        return `page ${number} attached file`;
      }
    }
    return null;
  } finally {
    page.cleanup();
  }
}
