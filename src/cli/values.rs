//! The values several commands' arguments take: an output format, a language, a paper.

use clap::ValueEnum;

use crate::core::i18n::Lang;
use crate::render::sheet::Paper;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum CheckFormat {
    #[default]
    Text,
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    Fr,
    Es,
    En,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Self {
        match l {
            LangArg::Fr => Lang::Fr,
            LangArg::Es => Lang::Es,
            LangArg::En => Lang::En,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum PaperArg {
    #[default]
    A4,
    Letter,
}

impl From<PaperArg> for Paper {
    fn from(p: PaperArg) -> Self {
        match p {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        }
    }
}
