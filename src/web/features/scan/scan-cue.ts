// The "got it" cue after a read: a short vibration and a short beep made with WebAudio
// (no sound file to load). Browsers allow both only after the person has touched the page
// (a tap on the bottom navigation counts); before that the cue stays silent instead of
// logging the browser's intervention warnings.
const BEEP_HZ = 1320;
const BEEP_SECONDS = 0.12;
const VIBRATION_MS = 80;

let audio: AudioContext | null = null;

function hasUserTouched(): boolean {
  return navigator.userActivation?.hasBeenActive ?? true;
}

function beep() {
  if (typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  void audio.resume().catch(() => undefined);
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  const start = audio.currentTime;
  oscillator.frequency.value = BEEP_HZ;
  // A quick fade in and out avoids the click of a square edge.
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(0.2, start + 0.01);
  gain.gain.linearRampToValueAtTime(0, start + BEEP_SECONDS);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + BEEP_SECONDS);
}

export function playScanCue(): void {
  if (!hasUserTouched()) return;
  navigator.vibrate?.(VIBRATION_MS);
  try {
    beep();
  } catch {
    // No audio output (or it is blocked): the vibration and the review screen say enough.
  }
}
