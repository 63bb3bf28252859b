// Reading a QR code with the camera: the browser's own BarcodeDetector where it reads QR codes
// (Chrome on Android and macOS), else jsQR, a decoder in plain JavaScript copied into the
// build from node_modules (like qrcode-generator: same origin, offline, under the page's CSP) and
// loaded only the first time a code is read.

const EVERY_MS = 250; // a frame read four times a second: quick enough, and a phone keeps cool
// The sizes jsQR reads frames at (at most this wide or high: its time grows with the area), each
// frame at the next in turn: it misses some codes at one size and reads them at another (a host's
// invitation, filmed still, was missed at 640 x 480 on every frame and read at 480 x 360).
const SIZES = [640, 480, 320];

/** Is there a camera on this device the page may ask for? */
export async function hasCamera() {
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices.some((d) => d.kind === "videoinput");
  } catch {
    return false; // no mediaDevices (not a secure context, or an old browser)
  }
}

let decoder = null;

/** jsQR: its bundle sets `self.jsQR` when run, as a module too. */
function loadDecoder() {
  // @ts-expect-error: a global the bundle sets
  decoder ??= import("../vendor/jsQR.js").then(() => self.jsQR);
  return decoder;
}

/** The text of the QR code in `source` (an image, a video frame, a canvas) drawn `width` × `height`, or null. */
export async function readQr(source, width, height) {
  const jsQR = await loadDecoder();
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext("2d", { willReadFrequently: true });
  if (!g || !width || !height) return null;
  g.drawImage(source, 0, 0, width, height);
  const image = g.getImageData(0, 0, width, height);
  return jsQR(image.data, width, height)?.data || null;
}

/** A reader of successive frames of a `width` × `height` source by jsQR, each at the next of SIZES:
 *  `read(source, width, height)` gives the text of a QR code, or null. */
export function jsQrFrames() {
  let turn = 0;
  return (source, width, height) => {
    const scale = Math.min(1, SIZES[turn++ % SIZES.length] / Math.max(width, height));
    return readQr(source, Math.round(width * scale), Math.round(height * scale));
  };
}

/** How frames of `video` are read: by the browser where it can, else by jsQR. */
async function frameReader() {
  // @ts-expect-error: not in every browser's types
  const Detector = window.BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats()).includes("qr_code")) {
    const detector = new Detector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue || null;
  }
  const read = jsQrFrames();
  return (video) => read(video, video.videoWidth, video.videoHeight);
}

/** Read one QR code from the camera into `video`; resolves with its text (null when stopped). */
export async function scanQr(video, stopped) {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
  try {
    video.srcObject = stream;
    await video.play();
    const read = await frameReader();
    while (!stopped()) {
      const text = video.videoWidth ? await read(video) : null;
      if (text) return text;
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
    return null;
  } finally {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  }
}
