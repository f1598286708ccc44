//! The card types of Piquet Regimental: the nine basic cards every player's
//! deck holds once, and the cards only an Army Deck adds. A card remembers
//! whether it came from the basic set or the Army Deck, because at the end
//! of a DECQ the basic cards are taken out and the army cards go back.

/// Kinds, basic cards first (their order is the text's list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Kind {
    ArtilleryMove = 0,
    ArtilleryReload,
    CavalryInOpen,
    Deployment,
    InfantryMoveInOpen,
    Maneuver,
    MeleeResolution,
    MusketReload,
    OfficerCheck,
    BrilliantLeader,
    CrushingVolley,
    DressLines,
    HeroicMoment,
}

pub const KINDS: usize = 13;
/// The basic cards: one of each of the first nine kinds.
pub const BASIC: usize = 9;
/// Cards in a player's deck, and KARDs in a DECQ.
pub const DECK: usize = 18;

impl Kind {
    pub const ALL: [Kind; KINDS] = [
        Kind::ArtilleryMove,
        Kind::ArtilleryReload,
        Kind::CavalryInOpen,
        Kind::Deployment,
        Kind::InfantryMoveInOpen,
        Kind::Maneuver,
        Kind::MeleeResolution,
        Kind::MusketReload,
        Kind::OfficerCheck,
        Kind::BrilliantLeader,
        Kind::CrushingVolley,
        Kind::DressLines,
        Kind::HeroicMoment,
    ];

    /// The names scenario files and tables use.
    pub const NAMES: [&'static str; KINDS] = [
        "artillery_move",
        "artillery_reload",
        "cavalry_in_open",
        "deployment",
        "infantry_move_in_open",
        "maneuver",
        "melee_resolution",
        "musket_reload",
        "officer_check",
        "brilliant_leader",
        "crushing_volley",
        "dress_lines",
        "heroic_moment",
    ];

    pub const fn name(self) -> &'static str {
        Kind::NAMES[self as usize]
    }

    pub fn parse(text: &str) -> Option<Kind> {
        Kind::NAMES
            .iter()
            .position(|&n| n == text)
            .map(|i| Kind::ALL[i])
    }
}

/// A card: its kind, and whether it came from the Army Deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Card(u8);

impl Card {
    const ARMY: u8 = 0x80;

    pub const fn basic(kind: Kind) -> Card {
        Card(kind as u8)
    }

    pub const fn army(kind: Kind) -> Card {
        Card(kind as u8 | Card::ARMY)
    }

    pub const fn kind(self) -> Kind {
        // Sixteen entries, so a four-bit index needs no bounds check.
        const KINDS16: [Kind; 16] = {
            let mut table = [Kind::DressLines; 16];
            let mut k = 0;
            while k < KINDS {
                table[k] = Kind::ALL[k];
                k += 1;
            }
            table
        };
        KINDS16[(self.0 & 0x0f) as usize]
    }

    pub const fn from_army(self) -> bool {
        self.0 & Card::ARMY != 0
    }

    pub const fn code(self) -> u8 {
        self.0
    }
}

/// Counts of cards by kind.
pub type KindCounts = [u8; KINDS];
