/**
 * Which outbound links are worth following (docs/method.md §2: drop navigation, login, legal, media).
 * Navigation is decided by position in the page (extract.ts); this module judges the URL and
 * the anchor text. PDFs count as media: the crawler extracts HTML only.
 */

const MEDIA_EXTENSIONS = new Set([
  // images
  "jpg",
  "jpeg",
  "png",
  "gif",
  "webp",
  "svg",
  "ico",
  "bmp",
  "tif",
  "tiff",
  "avif",
  "heic",
  // audio / video
  "mp3",
  "wav",
  "ogg",
  "oga",
  "flac",
  "m4a",
  "aac",
  "mp4",
  "m4v",
  "webm",
  "mov",
  "avi",
  "mkv",
  "wmv",
  "flv",
  // documents and archives the crawler cannot read
  "pdf",
  "ps",
  "eps",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "ppt",
  "pptx",
  "odt",
  "epub",
  "zip",
  "tar",
  "gz",
  "tgz",
  "bz2",
  "xz",
  "7z",
  "rar",
  "exe",
  "msi",
  "dmg",
  "iso",
  "deb",
  "rpm",
  "apk",
  "jar",
  // page assets
  "css",
  "js",
  "json",
  "xml",
  "rss",
  "atom",
  "woff",
  "woff2",
  "ttf",
]);

/** Path segments that start an account or legal area. */
const BLOCKED_SEGMENT =
  /^(?:log-?in|log-?out|sign-?in|sign-?out|sign-?up|register|registration|account|accounts|my-?account|auth|oauth|sso|password|cart|checkout|privacy|terms|tos|cookies?|legal|disclaimer|imprint|impressum|gdpr)(?:$|[._-])/;

const BLOCKED_ANCHOR =
  /^(?:log ?in|log ?out|sign ?in|sign ?out|sign ?up|register|create (?:an )?account|my account|forgot password|privacy(?: policy| notice)?|terms(?: of (?:use|service))?|terms (?:and|&) conditions|cookies?(?: policy| settings| preferences)?|legal(?: notice)?|imprint|disclaimer)$/i;

export function isMeaningfulLink(url: URL, anchorText: string): boolean {
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  const path = url.pathname.toLowerCase();
  const ext = /\.([a-z0-9]+)$/.exec(path)?.[1];
  if (ext && MEDIA_EXTENSIONS.has(ext)) return false;
  if (path.split("/").some((segment) => BLOCKED_SEGMENT.test(segment))) return false;
  return !BLOCKED_ANCHOR.test(anchorText.trim());
}
