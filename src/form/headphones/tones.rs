//! The headphone check's sounds, made as WAV files in the browser (no file to host, and the
//! phase is exact): 200 Hz tones of 1 s with 100 ms ramps, 500 ms apart, as Woods et al. (2017).
//! The standard tone is the same in both ears; the quiet one is 6 dB lower; the antiphase one
//! has the right ear's wave inverted, so over loudspeakers the two cancel in the air.

use super::Trial;

/// Samples per second (a 200 Hz tone is 80 samples a period).
pub const RATE: u32 = 16_000;
/// A tone's length, in samples.
const TONE: usize = RATE as usize;
/// The silence between tones, in samples.
const GAP: usize = RATE as usize / 2;
/// The fade in and out of each tone, in samples.
const RAMP: usize = RATE as usize / 10;
/// The standard tone's peak, of full scale.
const LEVEL: f64 = 0.4;
/// The quiet tone's level against the standard: −6 dB.
const QUIET: f64 = 0.501_187_233_627_272_2;
/// One period of a 200 Hz sine at [`RATE`].
const PERIOD: usize = 80;

/// One of a trial's tones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// The standard: the same in both ears.
    Standard,
    /// 6 dB lower: the right answer.
    Quiet,
    /// The standard with the right ear inverted: the foil.
    Antiphase,
}

impl Trial {
    /// The trial's tones in the order they play.
    pub fn tones(self) -> [Tone; 3] {
        let mut out = [Tone::Standard; 3];
        out[self.quiet as usize] = Tone::Quiet;
        out[self.antiphase as usize] = Tone::Antiphase;
        out
    }
}

/// A trial's sound: its three tones, 500 ms apart, as a 16-bit stereo WAV file.
pub fn trial_wav(trial: Trial) -> Vec<u8> {
    wav(&trial.tones())
}

/// The test tone the participant sets the volume with: the standard tone, once.
pub fn test_tone_wav() -> Vec<u8> {
    wav(&[Tone::Standard])
}

/// One period of the sine, from the rotation's recurrence (no floating-point library in the
/// bundle for it): s[n+1] = 2·cos(ω)·s[n] − s[n−1].
fn period() -> [f64; PERIOD] {
    const COS: f64 = 0.996_917_333_733_128;
    const SIN: f64 = 0.078_459_095_727_844_94;
    let mut s = [0.0; PERIOD];
    s[1] = SIN;
    for n in 2..PERIOD {
        s[n] = 2.0 * COS * s[n - 1] - s[n - 2];
    }
    s
}

/// The tones as a WAV file.
fn wav(tones: &[Tone]) -> Vec<u8> {
    let sine = period();
    let frames = tones.len() * TONE + tones.len().saturating_sub(1) * GAP;
    let data = (frames * 4) as u32;
    let mut out = Vec::with_capacity(44 + data as usize);
    let mut put = |b: &[u8]| out.extend_from_slice(b);
    put(b"RIFF");
    put(&(36 + data).to_le_bytes());
    put(b"WAVEfmt ");
    put(&16u32.to_le_bytes());
    put(&1u16.to_le_bytes()); // PCM
    put(&2u16.to_le_bytes()); // stereo
    put(&RATE.to_le_bytes());
    put(&(RATE * 4).to_le_bytes());
    put(&4u16.to_le_bytes());
    put(&16u16.to_le_bytes());
    put(b"data");
    put(&data.to_le_bytes());
    let sample = |x: f64| ((x * 32767.0).round() as i16).to_le_bytes();
    for (i, tone) in tones.iter().enumerate() {
        if i > 0 {
            out.resize(out.len() + GAP * 4, 0);
        }
        let level = match tone {
            Tone::Quiet => LEVEL * QUIET,
            _ => LEVEL,
        };
        for n in 0..TONE {
            let ramp = n.min(TONE - 1 - n).min(RAMP) as f64 / RAMP as f64;
            let left = sine[n % PERIOD] * level * ramp;
            let right = if *tone == Tone::Antiphase {
                -left
            } else {
                left
            };
            out.extend_from_slice(&sample(left));
            out.extend_from_slice(&sample(right));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The samples of a WAV file, per channel, as read by a plain reader of the format.
    fn channels(wav: &[u8]) -> (Vec<f64>, Vec<f64>) {
        assert_eq!(&wav[0..4], b"RIFF");
        assert_eq!(&wav[8..16], b"WAVEfmt ");
        assert_eq!(u16::from_le_bytes([wav[22], wav[23]]), 2, "stereo");
        assert_eq!(u32::from_le_bytes(wav[24..28].try_into().unwrap()), RATE);
        assert_eq!(&wav[36..40], b"data");
        let len = u32::from_le_bytes(wav[40..44].try_into().unwrap()) as usize;
        assert_eq!(len + 44, wav.len());
        let s: Vec<f64> = wav[44..]
            .chunks(2)
            .map(|b| f64::from(i16::from_le_bytes([b[0], b[1]])) / 32767.0)
            .collect();
        (
            s.iter().step_by(2).copied().collect(),
            s.iter().skip(1).step_by(2).copied().collect(),
        )
    }

    fn rms(x: &[f64]) -> f64 {
        (x.iter().map(|v| v * v).sum::<f64>() / x.len() as f64).sqrt()
    }

    #[test]
    fn a_trial_is_three_tones_one_6_db_quieter_one_in_antiphase() {
        let trial = Trial {
            quiet: 2,
            antiphase: 0,
        };
        let (l, r) = channels(&trial_wav(trial));
        assert_eq!(l.len(), 3 * TONE + 2 * GAP, "4 s");
        let tone = |ch: &[f64], k: usize| ch[k * (TONE + GAP)..k * (TONE + GAP) + TONE].to_vec();
        let gap = &l[TONE..TONE + GAP];
        assert!(gap.iter().all(|&v| v == 0.0), "silence between tones");
        let (a, b, c) = (tone(&l, 0), tone(&l, 1), tone(&l, 2));
        let db = 20.0 * (rms(&c) / rms(&b)).log10();
        assert!(
            (db + 6.0).abs() < 0.01,
            "the quiet tone is 6 dB lower: {db}"
        );
        assert!(
            (rms(&a) - rms(&b)).abs() < 1e-4,
            "the antiphase tone is as loud in each ear"
        );
        // Antiphase: the ears' waves cancel when summed (as loudspeakers do in the air); the
        // others add.
        let sum = |k: usize| -> f64 {
            let (x, y) = (tone(&l, k), tone(&r, k));
            rms(&x.iter().zip(&y).map(|(p, q)| p + q).collect::<Vec<_>>())
        };
        assert!(sum(0) < 1e-4, "antiphase cancels: {}", sum(0));
        assert!((sum(1) - 2.0 * rms(&b)).abs() < 1e-3);
    }

    #[test]
    fn the_tone_is_200_hz_and_ramps_in_and_out() {
        let (l, _) = channels(&test_tone_wav());
        assert_eq!(l.len(), TONE);
        // Rising zero crossings: one per period, 200 in a second.
        let ups = l.windows(2).filter(|w| w[0] <= 0.0 && w[1] > 0.0).count();
        assert!((199..=201).contains(&ups), "{ups} periods");
        assert!(
            l[0].abs() < 1e-9 && l[TONE - 1].abs() < 0.01,
            "starts and ends silent"
        );
        let peak = l.iter().fold(0.0f64, |m, v| m.max(v.abs()));
        assert!((peak - LEVEL).abs() < 1e-3, "peak {peak}");
        let early = l[..RAMP / 2].iter().fold(0.0f64, |m, v| m.max(v.abs()));
        assert!(early < LEVEL * 0.51, "still fading in at 50 ms: {early}");
    }
}
