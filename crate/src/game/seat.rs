//! Who sits in a seat (T17): the word the session, the record and the table
//! share. A leaf: it imports nothing of the crate.

/// Who sits in a seat (T17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Seat {
    /// A person at the device.
    Person,
    /// The bot, at this level.
    Bot {
        /// 1 (weakest) upwards.
        level: u8,
    },
}
