"""The Piquet Regimental text's sentences (and the docs' where the text is silent) that the Piquet model
(`piquet.py` and its parts) quotes in the problems it reports, one for each rule a trace may break, and the
unrallied statuses of docs/replay.md."""

UNRALLIED = ("shaken", "defeated", "defeated_by_cavalry")
DEFEATED = ("defeated", "defeated_by_cavalry")

T_DECK = ('"Each player uses a deck of 18 cards. Part of this deck is made up of one each of the 9 basic Piquet '
          'cards ... There is in addition an Army Deck for each side which provides the other 9 cards" / "the Basic '
          'cards are removed (any cards currently in the players hand stay there ...), the Army Deck cards are '
          'returned ... reshuffles them, and again deals enough cards to each player" (docs/replay.md: the basic '
          'cards not in its hand and its share of the Army Deck)')
T_TURN = ('"The game is played by each player simultaneously turning over the top card of their own deck" / '
          '"Eighteen KARDs make up a DECQ"')
T_HAND = ('"The maximum number of cards held is a function of the quality of the player\'s character: Superior 5 '
          'cards, Good 4 cards, Average 3 cards, Poor 2 cards, and Miserable 1 card. A player may add a card to his '
          'or her hand without cost as long as there is room in the hand. If there is no room, the player may discard '
          'a card in the hand and then add the desired card to his or her hand at the cost of 2 IP."')
T_PLAY = ('"A player may play a card from their hand at the cost of 1 IP. To do this the player must take the top '
          'card from their deck and place it face down on the discard pile without looking at it."')
T_USE = ('"They may either use the card to execute orders (discussed below), or they may place the card in their '
         'hand, or they may do nothing at all with the card." (a card does something only when used, turned or '
         'played from the hand)')
T_INIT = ('"The player\'s initiative is determined by casting 3d6. The initiative level cast replaces the existing '
          'level of initiative, if the new cast is greater" / "This counter must be able to track up to 18 '
          'initiative points"')
T_IP = ('"Each order placed will cost 1 IP" / "at the cost of 1 IP per unit rallied" / "This costs the superior '
        'player 1 IP to do the passing, plus the number of IP\'s passed. Any initiative passed in this fashion is '
        'added to the receiving player\'s total." (docs/replay.md: every `ip` is the player\'s initiative after the '
        'event, each payment its `cost`)')
T_OFFICER = ('"Commanders can issue orders only after having turned or played from their hand an Officer Check card" '
             '/ "Officer Check : ... Each player may elect to do one, and only one, of the following" / "Rallies are '
             'done on an Officer Check card"')
T_ORDER_CARD = ('"the regiment will begin to execute the order when the appropriate card is turned by the player" / '
                '"it is executed when a card of the appropriate type is turned by a player commanding the unit, this '
                'may be the direct commander of the unit or any player higher in the command chain" (Infantry Move in '
                'Open: infantry; Cavalry in Open: cavalry; Maneuver; Deployment; Melee Resolution: the Assault; '
                'Brilliant Leader: "any card in the Basic Player Deck")')
T_NOTE12 = ('note 12: "This is NOT an opportunity to issue a movement order or to attempt to move a unit that has not '
            'previously been issued an order to move." (a regiment executes only the order it was given)')
T_CHIPS = ('"When a card matching the order is turned, the commander of the unit casts the unit\'s performance dice. '
           'The resulting number of the performance cast is the number of movement chips removed from the unit. If '
           'the cast removes all of the remaining chips, the unit is moved to the location of its piquet. For the '
           'expenditure of an additional 2 IP, the player may take an additional cast on the same card; for another '
           '3 IP, a third cast can be taken."')
T_WEAKEST = ('"If the movement order has been given to a brigade or division, the number of movement chips given for the '
             'movement is based on the \'weakest link\' concept, that is, use the regiment whose condition will generate '
             'the most movement chips and then use the least elite regiment to determine the number and type of dice to '
             'cast for performance." (group_casts = weakest_link: the regiments ordered together execute as one)')
T_ATTACHED = ('"However, as long as the player is attached to the regiment he may not use the Officer Check card for any '
              'action other than to detach from the regiment. Thus, he or she may not cast for initiative"')
T_DICE = ('"The eliteness rating will determine the die type used by the formation and the experience rating will '
          'determine the number of dice to be cast." (Elite d10, Line d8, Conscript d6, Militia d4; Veteran 3, '
          'Reliable 2, Undependable 1; artillery Heavy d12, Medium Heavy d8, Medium d6, Light d4, class IV-I 4-1)')
T_READ = ('"The final die value, if there are no modifiers, is the highest die cast. ... If the adjustment is down '
          'one step, read the second highest die ... If there are more steps down than there are dice to go down, '
          'divide the lowest die value in half and ignore the remainder. ... If the adjustment is to be a step up, '
          'add another die ... and read the highest die resulting. If this would take you past four dice, add one of '
          'the next higher die type"')
T_FIRE = ('"Fire : ... an order that can be given at any time to any infantry or artillery command, or skirmishing '
          'cavalry command, that is loaded and within Engagement range (or in the case of Medium Heavy and Heavy '
          'artillery, Bombardment range) of the enemy."')
T_RELOAD_FIRE = ('"You can not fire on a Reload card." / "A formation can not fire on the same Reload card that it '
                 'used to reload, but must wait for the next card." (reload_holds_fire)')
T_RELOAD = ('"Musket/Missile Reload : An unloaded infantry unit may reload" / "Artillery Reload : Allows artillery '
            'that has fired to reload" (a loaded unit has nothing to reload)')
T_ELAN = ('"The combat will result in the enemy removing Elan Chips from your unit." / "Also, this is the only way in '
          'which a unit may regenerate its Elan chips to its full complement." (Rally)')
T_RALLY = ('"When a unit is rallied, the commander will cast six dice of its basic eliteness type. If the unit is being '
           'rallied while it still has Elan Chips, it must cast a 4 or greater on the dice , if the unit has been '
           'defeated ..., it must cast 6 or better on the dice. For each die that does not cast the required number, '
           'one stamina box is checked off. An infantry unit that was defeated in an Assault by a cavalry unit must '
           'cast nine dice and cast for 8 or better" / "When all the boxes have been checked, the unit is removed from '
           'the game."')
T_RALLY_WHEN = ('"Units that are Engaged or Assaulting may not rally on the CARD that they are Engaged or Assaulted, '
                'but units that are under Bombardment may be rallied."')
T_MUST_RALLY = ('"Both winner and loser in an Assault, and any unit that goes to zero Elan in an Engagement must Rally '
                'before it can again be issued orders or participate in combat."')
T_REMOVED = '"When all the boxes have been checked, the unit is removed from the game."'
T_WITHDRAW = ('"Defeated, unrallied units may not resist Assault or Engagement by an enemy unit, but must immediately '
              'withdraw to 1" outside of the Engagement range of the enemy unit" (ranges from the scenario, measured '
              'between the nearer ends of the frontages: piquet_field.py)')
T_ASSAULT = ('"Assaults, once started, are fought out continuously on each subsequent KARD. Each side casts its '
             'performance dice and removes the final number cast from the enemy\'s Elan." / Multiple Unit Combats: '
             '"If there are an even number of dice, remove the highest and lowest values until there are only two '
             'values left and then take the highest of these. If there are an odd number of dice, remove the high and '
             'low values until there is one die left"')
T_BREAK = ('"This is a probability cast equal to 5 times the difference between the two casts. ... The commander of '
           'the unit broken-through will cast 1d8 and remove that number of Elan chips. The cavalry will cast 1d4 and '
           'remove that number of their Elan chips." (breakthrough_multiplier)')
T_STATUS = 'docs/replay.md: `status` "a regiment\'s status changes" (from the status it had)'
T_PLACE = 'docs/replay.md: `moves` "a regiment changes place" (from the place it stood)'
T_MANEUVER = ('"The maneuver card will allow a formation to alter its location by 4"." (maneuver_inches) / '
              '"Infantry Move in Open : Allows infantry regiments ... to move to the next objective or to move to '
              'within Engagement range of an enemy formation."')
T_ENGAGE = ('docs/replay.md: `engagement_begins` / `engagement_ends` "their engagement ends after `kards` KARDs"; '
            '"Both combatants are considered to be unloaded at the end of the Engagement."')
T_RECORD = ('docs/replay.md: "A record row is one DECQ: its ip_start and ip_end are the commander\'s initiative at '
            'decq_start and decq_end; casts the commander\'s cast events; orders, executions, hand_plays, volleys and '
            'reloads (the reload events with reloaded) the side\'s events of those kinds; ip_spent the cost of every '
            'payment by the side\'s players (a pass spends its amount too); dress_lines the Dress Lines cards turned '
            'or played"')
T_END = 'docs/replay.md: `game_end` "the regiments each side lost, and each regiment\'s Elan, in the scenario\'s order"'
T_FORMAT = 'docs/replay.md, "### Piquet Regimental" (the fields of each event)'
T_ONWARD = ('"If the cavalry still has Elan, it will immediately move forward to the next objective or Assault the '
            'next enemy unit in its path, which ever is the closer." (breakthrough_onward: the nearest enemy ahead on '
            'the axis in its path, its frontage overlapping the cavalry\'s, the one broken through aside; none ahead, '
            'it stays)')
T_RETIRE = ('"Units that are Assaulting can only be issued a Maneuver order. The unit may continue to fight at full '
            'effectiveness as it is trying to execute the Maneuver order." / "Note that you can Maneuver out of an '
            'Assault" / "until the victor is determined or one side or the other retires from the fight" '
            '(assault_maneuver: ordered alone, it retires maneuver_inches back from the defender\'s place; the defender '
            'or the last attacker retiring ends the assault `retired`, the attacker winning only when the defender '
            'retired)')

T_SHARED = ('"The mechanics of the game will function just as well with several players using the same deck. For '
            'example, ... all the division commanders for a specific corps will use the same card turned by their '
            'corps commander ... As long as each player maintains their own initiative total, the mechanic will '
            'function"')
T_CIC = ('"The following table indicates the number of cards for the Basic Player Deck, a Commander-in-Chief Deck '
         '(optional), and the Army Deck" / "The Army Deck must contain at least 16 cards for each Basic Player Deck and 18 '
         'for each CIC Deck used in the game" (the table was lost: the CIC Deck\'s own cards are the scenario\'s cic_deck)')

# The field across (piquet_field.py).
T_PLACE_ACROSS = 'docs/replay.md: `moves` "a regiment changes place" (`y_from`: from the place across it stood)'
T_FRONTAGE = ('Organization: "Units are defined by their frontage only." / Infantry: "Take the number of troops in '
              'the regiment and divide by the number of ranks ... The maximum frontage for the regiment will be '
              'determined by dividing this number by 75 ... The minimum frontage is determined by multiplying this '
              'number by 5/8 if the regiment has 3 battalions or more, by 2/3 if the regiment has 2 battalions, or '
              'used as is if the regiment has only one battalion." / Cavalry: "divide by 2 ... Multiply this number '
              'by 1.5 and then divide by 75; the result is the width of the unit in inches" / Artillery: "2 gun '
              'castings ... for a 6 gun company and 3 gun castings for an 8 gun company. The castings should be '
              'mounted on 3/4" to 1" frontage." (the scenario\'s `frontage`, else the most, to a tenth; `y` the '
              "scenario's, 0 unless it says)")
T_RANGE = ('"Fire : ... that is loaded and within Engagement range (or in the case of Medium Heavy and Heavy '
           'artillery, Bombardment range) of the enemy." (ranges measured straight between the nearer ends of the '
           'two frontages: within R when 100 dx^2 + gap^2 <= 100 R^2, dx inches along the axis, gap tenths across)')
T_INCLINE = ('"Infantry may adjust their direction of facing by up to 22.5 degrees on a move card." / "Cavalry in '
             'Open : ... The formation may incline its move up to 22.5 degrees from the direction in which it is '
             'facing." (a completed Move of infantry or cavalry shifts toward its target, the scenario\'s or the '
             'nearest enemy, at most floor(a x 0.41421) tenths across for a inches forward, never past closing the '
             'gap (to the touch, never overlapping the target); artillery does not incline; other moves keep their '
             'place across)')
T_FLANK_MANEUVER = ('"Maneuver : The maneuver card will allow a formation to alter its location by 4". This can be '
                    'forward, back, to either flank, or wheeling on the left or right flank. Note that you can '
                    'Maneuver out of an Assault or Engagement, but you can not Maneuver into an Assault." (maneuver '
                    '= "left" or "right": maneuver_inches across, its place along the axis unchanged, each side\'s '
                    "own left (side a's up the cross axis, side b's down it), stopping a tenth short of an enemy "
                    'level with it whose centre lies the way it goes, not at all while overlapping one such; an enemy '
                    'overlapping it on the other hand no stop; forward or back: its place across unchanged)')
T_ASPECT = ('Multiple Unit Combats: "When one unit is attacked by more than one unit and each of the multiple '
            'attacking units has at least 50% of its frontage overlapping the single unit ... If a unit of the '
            'multiple unit side is attacking from the flank or rear of the single unit, the effect of this unit is '
            'determined independent from the other units and its full effect is applied to the single unit." / '
            'Combat: "If the Engagement or Assault is against a unit defending in an urban block, the defending '
            'unit will be considered to have no flanks exposed" (each attacker\'s aspect from where it stands as it '
            'comes into contact: rear when behind the defender, front when at least half its frontage overlaps the '
            "defender's (short_overlap = front: any overlap), else flank; `combined` the multiple-unit combination "
            "of the front attackers' casts plus each flank or rear attacker's full cast)")

# Deployments and the Skirmish Engagement (piquet_deploy.py).
T_DEPLOY = ('Infantry: "You are capable of expanding the frontage of the regiment between the maximum and minimum '
            'allowed and in preparing infantry to receive cavalry. If you decide to use the optional Skirmish '
            'Engagement, regiments that can use this type of attack are allowed to also deploy into and from '
            'skirmish order." / "Deployment : Executing this card will allow the regiment to change its deployment. '
            'This is limited to expanding or contracting the frontage of the regiment or going into and out of '
            'Prepared to Receive Cavalry." (docs/replay.md, `deploys`: "as its scenario\'s `deploy_to` lists in '
            'turn": max, min, a frontage in inches, formed (the scenario\'s frontage), prepared (infantry only, its '
            'frontage kept), skirmish (skirmishers only))')
T_SKIRMISH_WIDTH = ('Skirmish Engagements (optional): "Skirmish Engagements are limited to specific units, usually '
                    'light infantry and light cavalry regiments. When deployed for skirmish action, the unit assumes a '
                    'frontage that is 50% greater than its maximum, formed frontage." (1.5 x the most, cut to a '
                    'tenth, rounded up to a tenth; `skirmishers = true` only)')
T_SKIRMISH_FIRE = T_FIRE + ' (cavalry in skirmish order fires, musketry, and reloads on a Musket/Missile Reload card; ' \
                           'cavalry out of skirmish order is unloaded and never fires)'
T_BARRED = ('Offensive Use of Skirmishing Units: "Skirmishing units can Engage any unit that they desire. Skirmishing '
            'units can Assault only other skirmishing units; skirmishing infantry can not Assault skirmishing cavalry '
            'in the open." (a barred assault, its chips gone, moves up to Engagement range of its target, `moves` why '
            '`engages`, and ends idle, never in contact)')
T_THROUGH = ('Formed Unit Options Against Skirmishing Units: "The commander of the formed unit casts his or her '
             'performance dice as usual and reduces the unit\'s movement chips. When the chips are gone, move the '
             'formed unit into Engagement range of the skirmishing unit. The skirmishing unit takes an unmodified '
             'performance cast and the result is given to the formed unit as additional movement chips." / "If '
             'operating under an Assault order, the formed unit must immediately move into contact with the '
             'skirmishing unit." (formed infantry only; formed cavalry "do not pay the additional movement chip '
             'penalty")')
T_RECEIVE = ('Defensive Use of Skirmishing Units: "At the commanding player\'s option, skirmishing infantry units not '
             'in the open can elect to receive an Assault." (skirmishers_receive = cover: skirmishing infantry in a '
             'terrain objective or an urban block receives it, the assault going in at once; never: it never does; '
             'skirmishing cavalry never receives)')
T_PREPARED = ('Infantry: "preparing infantry to receive cavalry" / Deployment: "going into and out of Prepared to '
              'Receive Cavalry" (prepared_step: each assault cast of a cavalry attacker against a defender Prepared to '
              'Receive Cavalry at the time of the round is stepped prepared_step more, beside its other steps)')

# A chosen regiment's Deploy order: where its player takes it (piquet_chosen.py, piquet_deploy.py).
T_DEPLOY_TO = ('The Order Cycle, 3: "indicate the regiment is going to deploy into Prepared to Receive Cavalry by '
               'placing the piquet facing to the rear, or expanding the frontage by using the piquet to indicate in '
               'what direction and how far" (docs/replay.md, `deploy_to`: "where a Deploy order its player chose for '
               '`regiment` (`orders = "chosen"`) takes it, told after its `order`: `max` or `min` (formed at its widest '
               'or narrowest frontage), `formed` (at its scenario frontage), `prepared` (Prepared to Receive Cavalry), '
               '`skirmish`; its `deploys` follows when the order completes": one for each chosen regiment of the '
               'Deploy order, right after its status idle -> ordered; a cut-off order\'s replaced by the next; a '
               'chosen regiment\'s scenario deploy_to is not followed)')
T_DEPLOY_OFFERED = ('Deployment: "Executing this card will allow the regiment to change its deployment. This is limited '
                    'to expanding or contracting the frontage of the regiment or going into and out of Prepared to '
                    'Receive Cavalry" / Infantry: "preparing infantry to receive cavalry" / Cavalry: "There is no '
                    'defined minimum width for cavalry" / Skirmish Engagements: "limited to specific units" '
                    '(docs/agents.md, decision `deployment`: each of max, min, formed, prepared (infantry only), '
                    'skirmish (skirmishers only; no min for cavalry) "offered only when it would change the regiment\'s '
                    'deployment or frontage"; with none, Deploy is not offered)')
T_DEPLOY_GROUP = ('"An order can be issued to a regiment, a brigade, or a division for the expense of 1 IP. All units in '
                  'the brigade or division will then operate on this single order." (one Deploy order, one '
                  'deployment: every chosen regiment of the group told the same `deploy_to`)')
T_MANEUVER_TO = ('The Order Cycle, 3: "indicate the direction of the maneuver" / Maneuver: "This can be forward, back, to '
                 'either flank, or wheeling on the left or right flank" (docs/replay.md, `maneuver_to`: "which way a '
                 'Maneuver order its player chose for `regiment` (`orders = "chosen"`) goes, told after its `order`: '
                 '`forward`, `back`, `left` or `right` (its own flanks); its `moves` (`maneuver`) follows when the order '
                 'completes": one for each chosen regiment of the Maneuver order, right after its status idle -> '
                 'ordered, none for a Maneuver out of an assault nor for a planned regiment; a cut-off order\'s replaced '
                 'by the next; wheeling is not modelled)')
T_MANEUVER_OFFERED = ('Maneuver: "The maneuver card will allow a formation to alter its location by 4". This can be '
                      'forward, back, to either flank ... you can not Maneuver into an Assault. You can Maneuver into '
                      'Engagement." (docs/agents.md, decision `direction`: "each offered only when it would move the '
                      'regiment": forward never closer than Engagement range to an enemy ahead or level, so not within '
                      'it already; back always; a flank a tenth short of an enemy level with it; with none, Maneuver is '
                      'not offered)')
T_MANEUVER_GROUP = ('"An order can be issued to a regiment, a brigade, or a division for the expense of 1 IP. All units '
                    'in the brigade or division will then operate on this single order." (one Maneuver order, one way: '
                    'every chosen regiment of the group told the same `maneuver_to`)')
T_PAIR = ('Artillery: "Russian 12 gun companies are represented by two 6 gun companies that maneuver as one, but fight '
          'as two companies." (docs/piquet.md, `maneuvers_with`: "an order to one half is to both whenever both may be '
          'given it"; orders chosen, the company gets one choice: when both halves are idle and may be ordered at '
          'once, the first half\'s player chooses the order, and its deployment or way, for both: both halves in one '
          '`order` (or `not_ordered`), each told its own `deploy_to` / `maneuver_to`, the second half the same `to` '
          'as the first)')
T_MANEUVER_WAY = ('Maneuver: "The maneuver card will allow a formation to alter its location by 4". This can be forward, '
                  'back, to either flank ... you can not Maneuver into an Assault. You can Maneuver into Engagement." '
                  '(docs/piquet.md: "A Maneuver moves `maneuver_inches` (4) forward, never closer than Engagement range '
                  'of any enemy", inch by inch to the first place where an enemy in the game ahead of it or level at '
                  'the start is within Engagement range, measured across the gap too; "or back", maneuver_inches '
                  'straight back; to a flank across, a tenth short of an enemy level with it; the way: a chosen '
                  'regiment\'s pending `maneuver_to`, a planned one\'s scenario `maneuver`, forward by default)')
T_HEURISTIC_PREPARE = ('`fortunes strategies piquet`, prepare_within (12): "a chosen infantry regiment in formed order '
                       '(orders = "chosen"; skirmishers stay skirmishing) is ordered to Deploy into Prepared to Receive '
                       'Cavalry once enemy cavalry not skirmishing is within this many inches, when the rules give '
                       'Prepared an effect (prepared_step below 0); 0 never" (after an assault it would order, before a '
                       'Move; its `deploy_to` always `prepared`, and only when Prepared is offered: infantry not '
                       'prepared already)')

T_BETWEEN = ('Formed Unit Options Against Skirmishing Units: "Formed infantry that wishes to move through skirmishers '
             'that are between them and the formed unit\'s objective use the following process" (between: ahead of '
             'the formed infantry or level with it along the axis; skirmishers behind it are assaulted straight in, '
             'with no cast)')
T_BREAK_FORMED = ('Cavalry Break-Through: "Battle cavalry that Assaults formed cavalry, infantry or artillery and whose '
                  'final die value is greater than their opponents on the first cast of the Assault resolution may '
                  'attempt a breakthrough." (formed: not in skirmish order; skirmishing cavalry, which "can Assault '
                  'only other skirmishing units", never attempts one)')
T_WAVES_AUTO = ('Cavalry Wave Assaults: "The reserve regiment may automatically Assault any enemy cavalry that '
                'breaks-through the lead regiment. It may also automatically Assault any unit that the lead regiment '
                'has broken-through. If the lead regiment is unable to defeat or break-through an enemy unit on the '
                'first round of the Assault, the second line regiment may advance and Assault the same target."')
T_MOVE_THROUGH = ('Formed Unit Options Against Skirmishing Units: "Formed infantry that wishes to move through skirmishers '
                  'that are between them and the formed unit\'s objective use the following process: ... When the chips '
                  'are gone, move the formed unit into Engagement range of the skirmishing unit. The skirmishing unit '
                  'takes an unmodified performance cast and the result is given to the formed unit as additional '
                  'movement chips." (a Move of formed infantry straight ahead, its chips gone: when the first enemy '
                  'ahead or level that would stop it is skirmishers, not its goal (its target, else the nearest enemy; '
                  'chosen: the nearest ahead), not shaken or removed, stopping it strictly short of where it was '
                  'ordered (the next terrain objective ahead, else Engagement range of its goal), it comes up to them '
                  '(`moves` why `skirmishers`), takes their cast (`skirmishers_cast`) as its chips and stays ordered; '
                  'once per order)')
T_FALL_BACK = ('Formed Unit Options Against Skirmishing Units: "When the formed unit has removed the movement chips, the '
               'skirmishing unit may elect ... fall back and occupy the object to which the formed unit has been '
               'ordered. If the skirmishers fall back to the far side of the objective, the formed unit occupies the '
               'objective." (they always fall back, `moves` why `falls_back`: to 1" outside Engagement range of where '
               'the formed unit was ordered, and at least 1" past the far edge of a terrain objective it was ordered '
               'into, whichever is farther; only when that is beyond where they stand; then its Move completes)')
T_IMMEDIATE = ('Formed Unit Options Against Skirmishing Units: "If already Engaged with skirmishers when ordered to move, '
               'the additional cast is taken immediately." (formed infantry given a Move order the skirmishers screen, '
               'or an Assault order on skirmishers it must go through, while within their Engagement range takes their '
               'cast right after its order, no `moves`, the order\'s chips its scenario chips plus the cast; the order '
               'is then through them: no second cast, at its completion they fall back / it goes into contact)')
T_SCREEN = ('Combat: "Assaults, once started, are fought out continuously on each subsequent KARD." (skirmishers screen '
            'a formed unit only while idle or ordered: fighting, retiring or closing in an assault, shaken or removed '
            'they neither cast nor fall back)')
