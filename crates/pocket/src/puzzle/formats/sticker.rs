//! A sticker's position in a defined puzzle, numbered from 0 in the order the
//! definition lists them. Two bytes: twsearch's 20x20x20 has 2,184 stickers.

pub type Sticker = u16;
