//! The media files a study's items name, checked where the items' folder is at hand (`glossa
//! check`, `glossa host`, `glossa serve`): each is there, beside the items file, and its first
//! bytes are what its name says (a WAV file's RIFF/WAVE header with its format and data
//! chunks, an MP3's frame or ID3 tag, Ogg's, FLAC's, MP4's `ftyp`, WebM's, PNG's, JPEG's, GIF's,
//! WebP's, SVG's, WebVTT's). A missing file and one that cannot be decoded are told apart.

use glossa::item::media::stimuli;
use glossa::item::Item;
use glossa::spec::TaskSpec;
use std::path::Path;

/// What is wrong with one file an item names.
#[derive(Debug, PartialEq, Eq)]
pub enum Fault {
    /// No such file beside the items file.
    Missing,
    /// The file is there but its bytes are not what its name says.
    Undecodable(String),
}

/// A file's problem, named by the first item that names it.
pub struct Problem {
    /// Where: `items[3] ("t1-clean")`.
    pub at: String,
    /// The path as the item gives it.
    pub path: String,
    /// What is wrong.
    pub fault: Fault,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.fault {
            Fault::Missing => write!(
                f,
                "{}: {}: no such file (item media are paths relative to the items file): put the file there, or name the right one",
                self.at, self.path
            ),
            Fault::Undecodable(why) => write!(
                f,
                "{}: {}: cannot be played: {why}; make the file again (or give it the extension of its format)",
                self.at, self.path
            ),
        }
    }
}

/// Every media file of the items (each once, by the first item naming it) that is missing or
/// cannot be decoded, with `dir` the items file's folder. Addresses (`https://…`) are not
/// checked: they are fetched by the participant's browser.
pub fn problems(spec: &TaskSpec, items: &[Item], dir: &Path) -> Vec<Problem> {
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for (n, item) in items.iter().enumerate() {
        for s in stimuli(spec, item) {
            for src in std::iter::once(s.src).chain(s.captions) {
                if glossa::item::is_http_url(&src) {
                    continue;
                }
                let path = src.split(['?', '#']).next().unwrap_or_default().to_owned();
                // (A path out of the items' folder is never read: the items' check refuses it.)
                let outside =
                    path.starts_with('/') || path.split('/').any(|p| p == ".." || p.contains('\\'));
                if outside || !seen.insert(path.clone()) {
                    continue;
                }
                let fault = match std::fs::read(dir.join(&path)) {
                    Err(_) => Some(Fault::Missing),
                    Ok(bytes) => undecodable(&path, &bytes).map(Fault::Undecodable),
                };
                if let Some(fault) = fault {
                    out.push(Problem {
                        at: format!("items[{n}] (\"{}\")", item.id),
                        path,
                        fault,
                    });
                }
            }
        }
    }
    out
}

/// Why a file's bytes are not the format its extension names (`None`: they are, or the
/// extension is not one this knows).
pub fn undecodable(path: &str, b: &[u8]) -> Option<String> {
    let ext = Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    if b.is_empty() {
        return Some("the file is empty".into());
    }
    let starts = |magic: &[u8]| b.starts_with(magic);
    let riff = |kind: &[u8]| starts(b"RIFF") && b.get(8..12) == Some(kind);
    let (ok, what) = match ext.as_str() {
        "wav" | "wave" => return wav(b),
        "mp3" => (
            starts(b"ID3") || (b.len() > 1 && b[0] == 0xFF && b[1] & 0xE0 == 0xE0),
            "MP3 audio (an ID3 tag or an MPEG frame)",
        ),
        "ogg" | "oga" | "opus" => (starts(b"OggS"), "Ogg audio (OggS)"),
        "flac" => (starts(b"fLaC"), "FLAC audio (fLaC)"),
        "m4a" | "mp4" | "m4v" | "mov" => (b.get(4..8) == Some(b"ftyp"), "MP4 (an ftyp box)"),
        "webm" | "mkv" => (starts(&[0x1A, 0x45, 0xDF, 0xA3]), "WebM (an EBML header)"),
        "png" => (starts(b"\x89PNG\r\n\x1a\n"), "a PNG image"),
        "jpg" | "jpeg" => (starts(&[0xFF, 0xD8, 0xFF]), "a JPEG image"),
        "gif" => (starts(b"GIF87a") || starts(b"GIF89a"), "a GIF image"),
        "webp" => (riff(b"WEBP"), "a WebP image (RIFF…WEBP)"),
        "svg" => (
            String::from_utf8_lossy(&b[..b.len().min(4096)]).contains("<svg"),
            "an SVG image (<svg>)",
        ),
        "vtt" => (
            b.strip_prefix("\u{feff}".as_bytes())
                .unwrap_or(b)
                .starts_with(b"WEBVTT"),
            "WebVTT captions (WEBVTT first)",
        ),
        _ => return None,
    };
    (!ok).then(|| format!("it is not {what}: it starts with {}", shown(b)))
}

/// A WAV file's problem: the RIFF/WAVE header, a `fmt ` chunk with channels and a sample rate,
/// and a `data` chunk.
fn wav(b: &[u8]) -> Option<String> {
    if !(b.starts_with(b"RIFF") && b.get(8..12) == Some(b"WAVE")) {
        return Some(format!(
            "it is not WAV audio (RIFF…WAVE): it starts with {}",
            shown(b)
        ));
    }
    let (mut at, mut format, mut data) = (12, None, false);
    while at + 8 <= b.len() {
        let id = &b[at..at + 4];
        let len = u32::from_le_bytes([b[at + 4], b[at + 5], b[at + 6], b[at + 7]]) as usize;
        let body = &b[at + 8..b.len().min(at + 8 + len)];
        if id == b"fmt " && body.len() >= 16 {
            let channels = u16::from_le_bytes([body[2], body[3]]);
            let rate = u32::from_le_bytes([body[4], body[5], body[6], body[7]]);
            format = Some((channels, rate));
        }
        if id == b"data" {
            data = true;
            break;
        }
        at += 8 + len + (len & 1);
    }
    match (format, data) {
        (None, _) => Some("its WAV header has no format chunk (fmt )".into()),
        (Some((0, _)), _) | (Some((_, 0)), _) => {
            Some("its WAV format chunk gives no channels or no sample rate".into())
        }
        (_, false) => Some("its WAV header has no data chunk".into()),
        _ => None,
    }
}

/// A file's first bytes, as a person can read them.
fn shown(b: &[u8]) -> String {
    let head: String = b
        .iter()
        .take(8)
        .map(|&c| {
            if c.is_ascii_graphic() {
                (c as char).to_string()
            } else {
                format!("\\x{c:02x}")
            }
        })
        .collect();
    format!("\"{head}\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A WAV file of `n` bytes of silence.
    fn wav_file(channels: u16, rate: u32) -> Vec<u8> {
        let mut b = b"RIFF\0\0\0\0WAVEfmt ".to_vec();
        b.extend(16u32.to_le_bytes());
        b.extend(1u16.to_le_bytes());
        b.extend(channels.to_le_bytes());
        b.extend(rate.to_le_bytes());
        b.extend((rate * 2).to_le_bytes());
        b.extend(2u16.to_le_bytes());
        b.extend(16u16.to_le_bytes());
        b.extend(b"data");
        b.extend(4u32.to_le_bytes());
        b.extend([0, 0, 0, 0]);
        b
    }

    #[test]
    fn files_whose_bytes_are_what_their_names_say_pass_and_others_are_named() {
        assert_eq!(undecodable("c.wav", &wav_file(1, 16000)), None);
        assert!(undecodable("c.wav", &wav_file(0, 16000))
            .unwrap()
            .contains("no channels"));
        assert!(undecodable("c.wav", &wav_file(1, 16000)[..36])
            .unwrap()
            .contains("no data chunk"));
        assert!(undecodable("c.wav", b"<html>404</html>")
            .unwrap()
            .contains("starts with \"<html>40\""));
        assert!(undecodable("c.wav", b"").unwrap().contains("empty"));
        assert_eq!(undecodable("c.mp3", b"ID3\x04rest"), None);
        assert_eq!(undecodable("c.mp3", &[0xFF, 0xFB, 0x90]), None);
        assert!(undecodable("c.mp3", b"RIFF").is_some());
        assert_eq!(undecodable("c.ogg", b"OggS\0"), None);
        assert_eq!(undecodable("v.mp4", b"\0\0\0\x18ftypmp42"), None);
        assert_eq!(undecodable("i.png", b"\x89PNG\r\n\x1a\nrest"), None);
        assert!(undecodable("i.png", &[0xFF, 0xD8, 0xFF])
            .unwrap()
            .contains("not a PNG image"));
        assert_eq!(undecodable("i.jpg", &[0xFF, 0xD8, 0xFF, 0xE0]), None);
        assert_eq!(undecodable("c.vtt", "\u{feff}WEBVTT\n\n".as_bytes()), None);
        assert_eq!(undecodable("c.unknown", b"anything"), None);
    }
}
