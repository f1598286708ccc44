//! Piquet's summary rows, in the order a run's tables list them: each
//! side's initiative and how it is spent, the cards it turned and played,
//! its orders from issue to execution; then fire and engagements,
//! assaults by matchup, breakthroughs and rallies.

use super::*;

impl Stats {
    /// The summary rows; `scenario` names the players of a side with
    /// several, `beyond` names the dice of volleys stepped past four dice.
    /// In a fixed order, since a run's tables are written in it: each
    /// side's initiative, cards and orders, then fire, assaults and
    /// rallies.
    pub fn rows(&self, scenario: &Scenario, beyond: BeyondFour) -> Vec<SummaryRow> {
        let mut rows = Vec::new();
        for seat in Seat::BOTH {
            self.initiative_rows(seat, scenario, &mut rows);
            self.card_rows(seat, &mut rows);
            self.order_rows(seat, &mut rows);
        }
        self.fire_rows(beyond, &mut rows);
        self.assault_rows(&mut rows);
        self.rally_rows(&mut rows);
        rows
    }

    /// Side `seat`'s initiative (overall, by player, by KARD), its shares,
    /// the IP spent by use and what its Officer Checks did.
    fn initiative_rows(&self, seat: Seat, scenario: &Scenario, rows: &mut Vec<SummaryRow>) {
        let none = String::new;
        let s = &self.sides[seat];
        let name = seat.name();
        let mut all = Histogram::<{ MAX_INITIATIVE as usize + 1 }>::default();
        for h in &s.initiative {
            all += *h;
        }
        rows.push(SummaryRow::mean(
            "initiative",
            name,
            NO_BREAKDOWN,
            none(),
            all.mean(),
        ));
        let side = &scenario.sides[seat];
        if side.player_count > 1 {
            for (player, h) in side.player_names.iter().zip(&s.initiative_by_player) {
                rows.push(SummaryRow::mean(
                    "initiative",
                    name,
                    "player",
                    player.clone(),
                    h.mean(),
                ));
            }
        }
        for (k, h) in s.initiative.iter().enumerate() {
            rows.push(SummaryRow::mean(
                "initiative",
                name,
                "kard",
                (k + 1).to_string(),
                h.mean(),
            ));
        }
        all.share_rows("initiative_share", name, "ip", rows);
        rows.push(SummaryRow::mean(
            "ip_spent_per_decq",
            name,
            NO_BREAKDOWN,
            none(),
            s.ip_spent,
        ));
        for (use_, mean) in SPEND_NAMES.iter().zip(&s.spent) {
            rows.push(SummaryRow::mean(
                "ip_spent_per_decq",
                name,
                "use",
                use_.to_string(),
                *mean,
            ));
        }
        let checks: u64 = s.officer_actions.iter().sum();
        for (action, &n) in OFFICER_NAMES.iter().zip(&s.officer_actions) {
            rows.push(SummaryRow::rate(
                "officer_check_action",
                name,
                "action",
                action.to_string(),
                Rate::new(n, checks),
            ));
        }
    }

    /// The cards side `seat` turned, played from the hand, kept and
    /// swapped, and its executions, orders and units removed.
    fn card_rows(&self, seat: Seat, rows: &mut Vec<SummaryRow>) {
        let none = String::new;
        let s = &self.sides[seat];
        let name = seat.name();
        for kind in Kind::ALL {
            rows.push(SummaryRow::mean(
                "cards_turned_per_decq",
                name,
                "card",
                kind.name().to_string(),
                s.turned[kind as usize].mean(),
            ));
        }
        let plays: u64 = s.from_hand.iter().sum();
        for kind in Kind::ALL.into_iter().filter(|_| plays > 0) {
            rows.push(
                SummaryRow::rate(
                    "hand_play_card",
                    name,
                    "card",
                    kind.name().to_string(),
                    Rate::new(s.from_hand[kind as usize], plays),
                )
                .sparse(),
            );
        }
        for (metric, mean) in [
            ("hand_plays_per_decq", s.hand_plays),
            ("hand_keeps_per_decq", s.hand_keeps),
            ("hand_swaps_per_decq", s.hand_swaps),
            ("order_executions_per_decq", s.executions),
            ("orders_per_decq", s.orders),
            ("units_removed", s.removed),
        ] {
            rows.push(SummaryRow::mean(metric, name, NO_BREAKDOWN, none(), mean));
        }
    }

    /// Side `seat`'s orders: executed from the hand, issued by kind, extra
    /// casts, cut off by the game's end, and how long they wait.
    fn order_rows(&self, seat: Seat, rows: &mut Vec<SummaryRow>) {
        let none = String::new;
        let s = &self.sides[seat];
        let name = seat.name();
        let plays: u64 = s.from_hand.iter().sum();
        rows.push(SummaryRow::rate(
            "hand_play_executed",
            name,
            NO_BREAKDOWN,
            none(),
            Rate::new(s.hand_plays_executing, plays),
        ));
        rows.push(SummaryRow::rate(
            "execution_from_hand",
            name,
            NO_BREAKDOWN,
            none(),
            Rate::new(s.executions_from_hand, s.executions.sum),
        ));
        let issued: u64 = s.orders_issued.iter().sum();
        for order in OrderKind::ALL {
            rows.push(SummaryRow::rate(
                "order_issued_share",
                name,
                "order",
                order.name().into(),
                Rate::new(s.orders_issued[order as usize], issued),
            ));
        }
        rows.push(SummaryRow::rate(
            "extra_cast_share",
            name,
            NO_BREAKDOWN,
            none(),
            Rate::new(s.extra_casts, s.performance_casts),
        ));
        for order in OrderKind::ALL {
            let o = order as usize;
            let reached = s.first_execution[o].n + s.waiting_at_end[o];
            if reached > 0 {
                rows.push(SummaryRow::rate(
                    "order_cut_off",
                    name,
                    "order",
                    order.name().into(),
                    Rate::new(s.waiting_at_end[o], reached),
                ));
            }
            let finishing = s.completion[o].n + s.completing_at_end[o];
            if finishing > 0 {
                rows.push(SummaryRow::rate(
                    "order_completion_cut_off",
                    name,
                    "order",
                    order.name().into(),
                    Rate::new(s.completing_at_end[o], finishing),
                ));
            }
        }
        if s.piquets_met > 0 {
            rows.push(SummaryRow::rate(
                "piquet_held",
                name,
                NO_BREAKDOWN,
                String::new(),
                Rate::new(s.piquets_held, s.piquets_met),
            ));
        }
        rows.push(SummaryRow::mean(
            "move_order_wait",
            name,
            NO_BREAKDOWN,
            none(),
            s.first_execution[OrderKind::Move as usize],
        ));
        for order in OrderKind::ALL {
            let o = order as usize;
            if s.first_execution[o].n > 0 {
                rows.push(SummaryRow::mean(
                    "order_wait",
                    name,
                    "order",
                    order.name().into(),
                    s.first_execution[o],
                ));
            }
            if s.completion[o].n > 0 {
                rows.push(SummaryRow::mean(
                    "order_completion",
                    name,
                    "order",
                    order.name().into(),
                    s.completion[o],
                ));
            }
        }
    }

    /// Assaults: who won, how long, how they ended (overall and by
    /// matchup), several attackers, cut off, Elans and breakthroughs.
    /// Where attackers went in: front, flank, rear.
    fn aspect_rows(&self, rows: &mut Vec<SummaryRow>) {
        let going_in: u64 = self.aspects.iter().sum();
        for (aspect, &n) in ["front", "flank", "rear"].iter().zip(&self.aspects) {
            rows.push(SummaryRow::rate(
                "assault_aspect",
                ALL_SEATS,
                "aspect",
                aspect.to_string(),
                Rate::new(n, going_in),
            ));
        }
    }

    fn assault_rows(&self, rows: &mut Vec<SummaryRow>) {
        let none = String::new;
        let assaults: u64 = self.ends.iter().sum();
        rows.push(SummaryRow::rate(
            "assault_won_by_attacker",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            Rate::new(self.attacker_won, assaults),
        ));
        rows.push(SummaryRow::mean(
            "assault_kards",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            self.assault_kards,
        ));
        for (end, &n) in END_NAMES.iter().zip(&self.ends) {
            rows.push(SummaryRow::rate(
                "assault_end",
                ALL_SEATS,
                "end",
                end.to_string(),
                Rate::new(n, assaults),
            ));
        }
        rows.push(SummaryRow::rate(
            "multi_unit_assault",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            Rate::new(self.multi_unit, assaults),
        ));
        self.aspect_rows(rows);
        rows.push(SummaryRow::rate(
            "assault_cut_off",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            Rate::new(self.assaults_cut_off, self.assaults_begun),
        ));
        for (side, mean) in ["attacker", "defender"].iter().zip(&self.assault_elan) {
            rows.push(SummaryRow::mean(
                "assault_elan",
                ALL_SEATS,
                "side",
                side.to_string(),
                *mean,
            ));
        }
        rows.push(SummaryRow::rate(
            "assault_broken_through",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            Rate::new(self.assaults_broken_through, self.assaults_begun),
        ));
        for (index, ends) in self.matchups.iter().enumerate() {
            let total: u64 = ends.iter().sum();
            if total == 0 {
                continue;
            }
            let (attacker, defender) = (index / UNIT_CLASSES, index % UNIT_CLASSES);
            let arm = if attacker >= RATINGS { " cavalry" } else { "" };
            let level = format!(
                "{}{arm} v {}",
                rating_name(attacker % RATINGS),
                unit_name(defender)
            );
            for (end, &n) in END_NAMES.iter().zip(ends) {
                rows.push(SummaryRow::rate(
                    "assault_end",
                    ALL_SEATS,
                    "matchup",
                    format!("{level}: {end}"),
                    Rate::new(n, total),
                ));
            }
            rows.push(SummaryRow::mean(
                "assault_kards",
                ALL_SEATS,
                "matchup",
                level,
                self.matchup_kards[index],
            ));
        }
        rows.push(SummaryRow::rate(
            "breakthrough",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            Rate::new(self.breakthroughs, self.breakthrough_attempts),
        ));
    }

    /// Rallies: the stamina boxes they check and the units they remove.
    fn rally_rows(&self, rows: &mut Vec<SummaryRow>) {
        let none = String::new;
        let mut boxes = Mean::default();
        for (kind, h) in RALLY_NAMES.iter().zip(&self.rallies) {
            boxes += h.mean();
            if h.total() > 0 {
                rows.push(SummaryRow::mean(
                    "rally_boxes_checked",
                    ALL_SEATS,
                    "rally",
                    kind.to_string(),
                    h.mean(),
                ));
                h.share_rows("rally_boxes_checked_share", ALL_SEATS, kind, rows);
            }
        }
        rows.push(SummaryRow::mean(
            "rally_boxes_checked",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            boxes,
        ));
        let rallies: u64 = self.rallies.iter().map(|h| h.total()).sum();
        rows.push(SummaryRow::rate(
            "rally_removed_unit",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            Rate::new(self.removed_by_rally, rallies),
        ));
    }

    fn fire_rows(&self, beyond: BeyondFour, rows: &mut Vec<SummaryRow>) {
        let none = String::new;
        for seat in Seat::BOTH {
            let s = &self.sides[seat];
            let name = seat.name();
            rows.push(SummaryRow::mean(
                "volleys_per_decq",
                name,
                NO_BREAKDOWN,
                none(),
                s.volleys_all,
            ));
            for (kind, mean) in FIRE_NAMES.iter().zip(&s.volleys) {
                rows.push(SummaryRow::mean(
                    "volleys_per_decq",
                    name,
                    "fire",
                    kind.to_string(),
                    *mean,
                ));
            }
            rows.push(SummaryRow::rate(
                "volley_hit",
                name,
                NO_BREAKDOWN,
                none(),
                Rate::new(s.volley_hits, s.volley_elan.n),
            ));
            rows.push(SummaryRow::mean(
                "elan_per_volley",
                name,
                NO_BREAKDOWN,
                none(),
                s.volley_elan,
            ));
            rows.push(SummaryRow::mean(
                "reloads_per_decq",
                name,
                NO_BREAKDOWN,
                none(),
                s.reloads_all,
            ));
            for (arm, mean) in ["infantry", "artillery"].iter().zip(&s.reloads) {
                rows.push(SummaryRow::mean(
                    "reloads_per_decq",
                    name,
                    "arm",
                    arm.to_string(),
                    *mean,
                ));
            }
            rows.push(SummaryRow::mean(
                "elan_lost_to_fire",
                name,
                NO_BREAKDOWN,
                none(),
                s.elan_lost_all,
            ));
            for (kind, mean) in ["musketry", "artillery"].iter().zip(&s.elan_lost) {
                rows.push(SummaryRow::mean(
                    "elan_lost_to_fire",
                    name,
                    "fire",
                    kind.to_string(),
                    *mean,
                ));
            }
        }
        let engagements: u64 = self.engagement_ends.iter().sum();
        for (end, &n) in ENGAGEMENT_END_NAMES.iter().zip(&self.engagement_ends) {
            rows.push(SummaryRow::rate(
                "engagement_end",
                ALL_SEATS,
                "end",
                end.to_string(),
                Rate::new(n, engagements),
            ));
        }
        rows.push(SummaryRow::mean(
            "engagement_kards",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            self.engagement_kards,
        ));
        rows.push(SummaryRow::rate(
            "engagement_cut_off",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            Rate::new(self.engagements_cut_off, self.engagements_begun),
        ));
        for (index, ends) in self.engagement_matchups.iter().enumerate() {
            let total: u64 = ends.iter().sum();
            if total == 0 {
                continue;
            }
            let level = format!(
                "{} v {}",
                unit_name(index / UNIT_CLASSES),
                unit_name(index % UNIT_CLASSES)
            );
            for (end, &n) in ENGAGEMENT_END_NAMES.iter().zip(ends) {
                rows.push(SummaryRow::rate(
                    "engagement_end",
                    ALL_SEATS,
                    "matchup",
                    format!("{level}: {end}"),
                    Rate::new(n, total),
                ));
            }
        }
        for (key, h) in self.volley_casts.iter().enumerate() {
            let total = h.total();
            if total == 0 {
                continue;
            }
            let dice = volley_dice(key, beyond);
            for (value, &count) in h.counts.iter().enumerate() {
                rows.push(
                    SummaryRow::rate(
                        "volley_cast_share",
                        ALL_SEATS,
                        "dice",
                        format!("{dice}: {value}"),
                        Rate::new(count, total),
                    )
                    .sparse(),
                );
            }
        }
    }
}
