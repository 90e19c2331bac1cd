/**
 * Registration and check-in sentences (issue 15): the seed's word for word, then ours where the
 * seed names a rule without its words (docs/events.md, "Registration and check-in").
 */
export const registrationMessages = {
  registered: 'You have successfully registered!',
  registeredSeries: 'You have successfully registered for the series event!',
  alreadyRegistered: 'You are registered for this event!',
  allFieldsRequired: 'All fields are required',
  selectCard: 'you must select a card to be billed, or add a card.',
  checkedIn: 'You have successfully checked in, you can start fishing now!',
  checkedInToday: 'You have successfully checked in today!',
  usedYourTime: 'You have entered this event, and you used your time.',
  ended: 'This event has ended.',
  fishedThisWeek: 'You have fished this week.',
  // Ours.
  goToLink: 'Registration for this event is taken on the organiser’s site.',
  notOpen: 'Registration for this event is not open.',
  firstTeamMember: 'Please add your first team member.',
  teamTooBig: (size: number) => `A team has at most ${size} members.`,
  teamEmail: 'Each team member needs a valid email.',
  divisionRequired: 'Please choose a division.',
  seriesClosed: 'Registration for this series is closed.',
  notStarted: 'This event has not started yet.',
  notRegistered: 'You need to register for this event before you can check in.',
  noWeekRunning: 'No scheduled week of this event is running right now.',
  positionRequired: 'We need your location to check you in. Allow location access and try again.',
  offWater: (lakes: string) => `You need to be on the event’s water to check in: on or within 1 km of ${lakes}.`,
  outsideState: (state: string) => `You need to be in ${state} to check in for this event.`,
  noLakes: 'This event has no lakes to check in on yet.',
} as const;
