"""Removes the `target_features` custom section from a wasm file, in place.

Rust's prebuilt std declares `reference-types` there even when the crate is built without it;
wasm-bindgen then emits externref tables whose instructions Debian's wasm-opt 108 cannot parse.
"""
import sys


def leb(data, i):
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def main(path):
    data = open(path, "rb").read()
    out, i = bytearray(data[:8]), 8
    while i < len(data):
        start = i
        section_id = data[i]
        size, body = leb(data, i + 1)
        end = body + size
        if section_id == 0:
            name_len, name_at = leb(data, body)
            if data[name_at:name_at + name_len] == b"target_features":
                i = end
                continue
        out += data[start:end]
        i = end
    open(path, "wb").write(out)


if __name__ == "__main__":
    main(sys.argv[1])
