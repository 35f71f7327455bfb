// Runs in headless Chromium (bundled by scripts/build-assets.ts): encodes stereo PCM with mediabunny,
// Opus in Ogg through the browser's WebCodecs AudioEncoder and MP3 through @mediabunny/mp3-encoder
// (LAME in WebAssembly), since Node has no WebCodecs.
import { registerMp3Encoder } from '@mediabunny/mp3-encoder';
import { AudioSample, AudioSampleSource, BufferTarget, canEncodeAudio, Mp3OutputFormat, OggOutputFormat, Output } from 'mediabunny';

let mp3Registered = false;

/**
 * `pcm`: base64 of interleaved stereo Int16 samples. Returns base64 of the encoded file and where the
 * music starts in what this browser decodes of it (`offset`, seconds: the encoder's delay the decoder
 * does not trim; found by matching the decoded samples against the PCM).
 */
export async function encode(
  pcm: string,
  rate: number,
  codec: 'opus' | 'mp3',
  bitrate: number,
): Promise<{ file: string; offset: number; decodedS: number }> {
  if (codec === 'mp3' && !mp3Registered && !(await canEncodeAudio('mp3'))) {
    registerMp3Encoder();
    mp3Registered = true;
  }
  const bin = atob(pcm);
  const i16 = new Int16Array(bin.length / 2);
  for (let i = 0; i < i16.length; i++) {
    const v = bin.charCodeAt(2 * i) | (bin.charCodeAt(2 * i + 1) << 8);
    i16[i] = v >= 0x8000 ? v - 0x10000 : v;
  }
  const target = new BufferTarget();
  const output = new Output({ format: codec === 'opus' ? new OggOutputFormat() : new Mp3OutputFormat(), target });
  const source = new AudioSampleSource({ codec, bitrate });
  output.addAudioTrack(source);
  await output.start();
  const frames = i16.length / 2;
  const chunk = rate; // one second at a time
  for (let f = 0; f < frames; f += chunk) {
    const n = Math.min(chunk, frames - f);
    const data = new Float32Array(n * 2);
    for (let i = 0; i < n * 2; i++) data[i] = i16[f * 2 + i]! / 32768;
    const sample = new AudioSample({ data, format: 'f32', numberOfChannels: 2, sampleRate: rate, timestamp: f / rate });
    await source.add(sample);
    sample.close();
  }
  source.close();
  await output.finalize();
  const bytes = new Uint8Array(target.buffer!);
  const decoded = await new OfflineAudioContext(2, 1, rate).decodeAudioData(bytes.slice().buffer);
  const offset = bestLag(i16, decoded.getChannelData(0), rate) / rate;
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { file: btoa(s), offset, decodedS: decoded.length / decoded.sampleRate };
}

/** The shift (0–4000 samples) that best lines the decoded left channel up with the PCM's, by squared error over 0.25 s. */
function bestLag(i16: Int16Array, dec: Float32Array, rate: number): number {
  const from = Math.min(rate, Math.floor(i16.length / 4));
  const n = Math.floor(rate / 4);
  let best = 0;
  let bestErr = Infinity;
  for (let lag = 0; lag <= 4000; lag++) {
    let err = 0;
    for (let i = from; i < from + n && err < bestErr; i++) {
      const d = (dec[i + lag] ?? 0) - i16[2 * i]! / 32768;
      err += d * d;
    }
    if (err < bestErr) {
      bestErr = err;
      best = lag;
    }
  }
  return best;
}
