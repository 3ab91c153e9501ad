import CZlib

/// The bytes of a gzip stream, decompressed; nil when they are not one.
public func gunzip(_ bytes: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    guard czlib_inflate_init_gzip(&stream) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    var input = bytes
    var result: Int32 = Z_OK
    input.withUnsafeMutableBufferPointer { input in
        stream.next_in = input.baseAddress
        stream.avail_in = UInt32(input.count)
        while result == Z_OK {
            result = chunk.withUnsafeMutableBufferPointer { chunk in
                stream.next_out = chunk.baseAddress
                stream.avail_out = UInt32(chunk.count)
                return inflate(&stream, Z_NO_FLUSH)
            }
            output += chunk[..<(chunk.count - Int(stream.avail_out))]
        }
    }
    return result == Z_STREAM_END ? output : nil
}
