//! The client's address behind a proxy. The shipped haproxy adds the
//! address it took the connection from as the last `X-Forwarded-For`
//! (`option forwardfor`); the server believes that header only on a
//! connection from one of the proxies it is told to trust
//! (`--trusted-proxy`), and takes its last address, the one the proxy
//! itself wrote (whatever a client sent comes before it). Everything that
//! counts by address (the rate limits, the new tables an address may open)
//! reads the address found here.

use std::net::{IpAddr, SocketAddr};

use axum::http::HeaderMap;

/// An address, or a network in CIDR notation (`10.0.0.0/8`, `::1/128`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Network {
    base: IpAddr,
    bits: u8,
}

impl std::str::FromStr for Network {
    type Err = String;

    fn from_str(s: &str) -> Result<Network, String> {
        let bad = || format!("{s:?} is not an address or a network (10.0.0.0/8)");
        let (address, bits) = match s.split_once('/') {
            Some((a, b)) => (a, Some(b.parse::<u8>().map_err(|_| bad())?)),
            None => (s, None),
        };
        let base: IpAddr = address.trim().parse().map_err(|_| bad())?;
        let most = if base.is_ipv4() { 32 } else { 128 };
        let bits = bits.unwrap_or(most);
        if bits > most {
            return Err(bad());
        }
        Ok(Network { base, bits })
    }
}

impl Network {
    /// Whether `ip` is in this network (an IPv4 address mapped into IPv6
    /// counts as the IPv4 one).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        let shift = |bits: u8, width: u8| u32::from(width - bits);
        match (self.base, ip) {
            (IpAddr::V4(n), IpAddr::V4(a)) => {
                let mask = u32::MAX.checked_shl(shift(self.bits, 32)).unwrap_or(0);
                u32::from(n) & mask == u32::from(a) & mask
            }
            (IpAddr::V6(n), IpAddr::V6(a)) => {
                let mask = u128::MAX.checked_shl(shift(self.bits, 128)).unwrap_or(0);
                u128::from(n) & mask == u128::from(a) & mask
            }
            _ => false,
        }
    }
}

/// The address a request comes from: the last `X-Forwarded-For` address
/// when `peer` is a trusted proxy and it wrote one, else `peer` itself.
pub fn client_address(peer: SocketAddr, headers: &HeaderMap, trusted: &[Network]) -> SocketAddr {
    if !trusted.iter().any(|n| n.contains(peer.ip())) {
        return peer;
    }
    let forwarded = headers
        .get_all("x-forwarded-for")
        .iter()
        .next_back()
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.rsplit(',').next())
        .and_then(|a| a.trim().parse::<IpAddr>().ok());
    match forwarded {
        Some(ip) => SocketAddr::new(ip, 0),
        None => peer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("x-forwarded-for", v.parse().unwrap());
        }
        h
    }

    #[test]
    fn only_a_trusted_proxy_names_the_client_and_only_its_own_entry_counts() {
        let proxy: SocketAddr = "10.1.2.3:40000".parse().unwrap();
        let other: SocketAddr = "192.0.2.7:40000".parse().unwrap();
        let trusted: Vec<Network> = vec!["10.0.0.0/8".parse().unwrap()];
        // A client that forges the header, then the proxy's own entry.
        let h = headers(&["203.0.113.9", "198.51.100.4"]);
        assert_eq!(
            client_address(proxy, &h, &trusted).ip(),
            "198.51.100.4".parse::<IpAddr>().unwrap()
        );
        let h = headers(&["203.0.113.9, 198.51.100.5"]);
        assert_eq!(
            client_address(proxy, &h, &trusted).ip(),
            "198.51.100.5".parse::<IpAddr>().unwrap()
        );
        // Not from a trusted proxy: the header is not believed.
        assert_eq!(client_address(other, &h, &trusted), other);
        // From the proxy, no header or a bad one: the proxy's own address.
        assert_eq!(client_address(proxy, &HeaderMap::new(), &trusted), proxy);
        assert_eq!(
            client_address(proxy, &headers(&["nonsense"]), &trusted),
            proxy
        );
        assert_eq!(client_address(proxy, &h, &[]), proxy);
    }

    #[test]
    fn networks_parse_and_contain() {
        let n: Network = "127.0.0.1".parse().unwrap();
        assert!(n.contains("127.0.0.1".parse().unwrap()));
        assert!(!n.contains("127.0.0.2".parse().unwrap()));
        assert!(n.contains("::ffff:127.0.0.1".parse().unwrap()));
        let n: Network = "fd00::/8".parse().unwrap();
        assert!(n.contains("fd12::1".parse().unwrap()));
        assert!(!n.contains("fe80::1".parse().unwrap()));
        let all: Network = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains("8.8.8.8".parse().unwrap()));
        assert!("10.0.0.0/33".parse::<Network>().is_err());
        assert!("localhost".parse::<Network>().is_err());
    }
}
