import Foundation

/// Tells bind endpoints only this host can reach from those other hosts could reach.
public enum EndpointPolicy {
    /// `true` for `ipc://` and `inproc://` endpoints and for `tcp://` endpoints on a loopback
    /// host (`127.0.0.0/8`, `::1`, `localhost`). Everything else is remote: `tcp://*`,
    /// `tcp://0.0.0.0`, other addresses, interface and host names, and other transports.
    public static func isLocal(_ endpoint: String) -> Bool {
        if endpoint.hasPrefix("ipc://") || endpoint.hasPrefix("inproc://") { return true }
        guard endpoint.hasPrefix("tcp://") else { return false }
        let address = endpoint.dropFirst("tcp://".count)
        guard let colon = address.lastIndex(of: ":") else { return false }
        var host = address[..<colon]
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        return isLoopback(host: String(host))
    }

    /// Whether `host` names a loopback address: `localhost`, an IPv4 address in
    /// `127.0.0.0/8` (dotted quad only), `::1`, or `::ffff:127.x.y.z`.
    public static func isLoopback(host: String) -> Bool {
        if host.lowercased() == "localhost" { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, host, &ipv4) == 1 {
            return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127
        }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, host, &ipv6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: ipv6) { Array($0) }
        let loopback = bytes[..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
        let mappedIPv4 = bytes[..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
        return loopback || mappedIPv4
    }
}
