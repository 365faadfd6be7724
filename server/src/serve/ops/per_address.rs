//! Limits per client address, from the `governor` crate (GCRA): each
//! address may make a burst of requests at once, then one more every
//! interval. The address is the client's as [`super::client`] finds it (a
//! trusted proxy's `X-Forwarded-For`), so that clients behind the proxy
//! are counted apart.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};

/// Addresses remembered before those whose state is fresh again are forgotten.
const FORGET_PAST: usize = 100_000;

/// A governor limiter keyed by address.
type Keyed<C> =
    RateLimiter<IpAddr, DefaultKeyedStateStore<IpAddr>, C, NoOpMiddleware<<C as Clock>::Instant>>;

/// One limit, per address.
pub struct PerAddress<C: Clock = DefaultClock> {
    limiter: Option<Keyed<C>>,
    clock: C,
}

impl PerAddress<DefaultClock> {
    /// `burst` at once from one address, then one every `every`; `None`
    /// (or a burst of 0): no limit.
    pub fn new(burst: u32, every: Option<Duration>) -> PerAddress {
        PerAddress::with_clock(burst, every, DefaultClock::default())
    }
}

impl<C: Clock + Clone> PerAddress<C> {
    /// The same, on `clock`.
    pub fn with_clock(burst: u32, every: Option<Duration>, clock: C) -> PerAddress<C> {
        let quota = NonZeroU32::new(burst)
            .zip(every.and_then(Quota::with_period))
            .map(|(burst, quota)| quota.allow_burst(burst));
        PerAddress {
            limiter: quota
                .map(|q| RateLimiter::new(q, DefaultKeyedStateStore::default(), clock.clone())),
            clock,
        }
    }

    /// Counts one request from `address`; when over the limit, how long
    /// until one would be let through.
    pub fn take(&self, address: IpAddr) -> Result<(), Duration> {
        let Some(limiter) = &self.limiter else {
            return Ok(());
        };
        if limiter.len() >= FORGET_PAST {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        limiter
            .check_key(&address)
            .map_err(|not_until| not_until.wait_time_from(self.clock.now()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use governor::clock::FakeRelativeClock;

    #[test]
    fn a_burst_then_one_an_interval_each_address_apart() {
        let clock = FakeRelativeClock::default();
        let limit = PerAddress::with_clock(3, Some(Duration::from_secs(1)), clock.clone());
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        for _ in 0..3 {
            assert_eq!(limit.take(a), Ok(()));
        }
        assert_eq!(limit.take(a), Err(Duration::from_secs(1)));
        assert_eq!(limit.take(b), Ok(()), "another address has its own");
        clock.advance(Duration::from_millis(1100));
        assert_eq!(limit.take(a), Ok(()));
        assert!(limit.take(a).is_err());
        let none = PerAddress::with_clock(0, Some(Duration::from_secs(1)), clock);
        for _ in 0..100 {
            assert_eq!(none.take(a), Ok(()));
        }
    }
}
