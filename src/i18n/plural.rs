//! Plural categories of whole numbers (CLDR's rules, as `Intl.PluralRules` gives them) for the
//! shipped languages; any other language counts "one" and "other". A string chooses its words
//! with `{n:one=…|few=…|other=…}`.

/// A CLDR plural category.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plural {
    /// `zero`.
    Zero,
    /// `one`.
    One,
    /// `two`.
    Two,
    /// `few`.
    Few,
    /// `many`.
    Many,
    /// `other`.
    Other,
}

impl Plural {
    /// CLDR's name of the category.
    pub fn name(self) -> &'static str {
        match self {
            Plural::Zero => "zero",
            Plural::One => "one",
            Plural::Two => "two",
            Plural::Few => "few",
            Plural::Many => "many",
            Plural::Other => "other",
        }
    }
}

/// The category of `n` in the language whose primary subtag is `primary` (lower case).
pub fn category(primary: &str, n: u64) -> Plural {
    use Plural::*;
    let (n10, n100) = (n % 10, n % 100);
    // The Slavic "few": 2–4, but not 12–14.
    let slavic_few = (2..=4).contains(&n10) && !(12..=14).contains(&n100);
    let million = n != 0 && n % 1_000_000 == 0;
    match primary {
        "zh" | "ja" | "ko" => Other,
        "ar" => match (n, n100) {
            (0, _) => Zero,
            (1, _) => One,
            (2, _) => Two,
            (_, 3..=10) => Few,
            (_, 11..=99) => Many,
            _ => Other,
        },
        "he" => match n {
            1 => One,
            2 => Two,
            _ => Other,
        },
        "cs" | "sk" => match n {
            1 => One,
            2..=4 => Few,
            _ => Other,
        },
        "pl" if n == 1 => One,
        "pl" if slavic_few => Few,
        "pl" => Many,
        "ru" | "uk" if n10 == 1 && n100 != 11 => One,
        "ru" | "uk" if slavic_few => Few,
        "ru" | "uk" => Many,
        "hr" | "sr" | "bs" if n10 == 1 && n100 != 11 => One,
        "hr" | "sr" | "bs" if slavic_few => Few,
        "sl" => match n100 {
            1 => One,
            2 => Two,
            3 | 4 => Few,
            _ => Other,
        },
        "fr" | "pt" if n <= 1 => One,
        "fr" | "pt" | "es" | "it" if million => Many,
        "hi" | "fa" if n <= 1 => One,
        _ if n == 1 => One,
        _ => Other,
    }
}

#[cfg(test)]
mod tests {
    use super::{category, Plural::*};

    #[test]
    fn categories_follow_cldr() {
        assert_eq!(category("en", 1), One);
        assert_eq!(category("en", 0), Other);
        assert_eq!(category("fr", 0), One);
        assert_eq!(category("pt", 1), One);
        assert_eq!(category("es", 1_000_000), Many);
        assert_eq!(category("pl", 22), Few);
        assert_eq!(category("pl", 12), Many);
        assert_eq!(category("ru", 21), One);
        assert_eq!(category("ru", 11), Many);
        assert_eq!(category("uk", 3), Few);
        assert_eq!(category("hr", 21), One);
        assert_eq!(category("hr", 5), Other);
        assert_eq!(category("cs", 5), Other);
        assert_eq!(category("sl", 102), Two);
        assert_eq!(category("ar", 0), Zero);
        assert_eq!(category("ar", 105), Few);
        assert_eq!(category("ar", 111), Many);
        assert_eq!(category("ar", 100), Other);
        assert_eq!(category("he", 2), Two);
        assert_eq!(category("hi", 0), One);
        assert_eq!(category("ja", 1), Other);
        assert_eq!(category("eu", 1), One);
    }
}
