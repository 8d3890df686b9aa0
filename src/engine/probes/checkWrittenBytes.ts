/**
 * The CUDA check shared by the probes that write shared memory by lanes (a store, `cp.async`):
 * each byte a lane wrote holds one of the values the lanes writing it gave (which one lands where
 * lanes race is undefined), each lane's value being its lane number + 1.
 */
export const CHECK_WRITTEN_BYTES = String.raw`// Each written byte is one of the values its lanes wrote (which one lands is undefined).
static bool check(const Probe& p, const unsigned char* out) {
  for (int lane = 0; lane < kWarp; ++lane) {
    if (p.offsets[lane] < 0) continue;
    for (int i = 0; i < p.bytes; ++i) {
      const int at = p.offsets[lane] + i;
      bool written = false;
      for (int other = 0; other < kWarp; ++other) {
        const int o = p.offsets[other];
        if (o >= 0 && at >= o && at < o + p.bytes && out[at] == other + 1) written = true;
      }
      if (!written) return false;
    }
  }
  return true;
}`;
