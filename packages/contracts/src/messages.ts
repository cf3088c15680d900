/**
 * Every user-facing text of the specification, written once. Server and web both import these,
 * so a message can never drift between the check that raises it and the screen that shows it.
 * Spellings ("Succesfully") are the specification's own.
 */
export const required = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  fathersName: "Please enter your father's name.",
  mothersName: "Please enter your mother's name.",
  rollNumber: 'Please enter the Roll Number.',
  degrees: 'Please enter your Degrees',
  collegeName: 'Please enter your College Name',
  cgpa: 'Please enter your CGPA',
  yearOfPassing: 'Please enter your Year of Passing',
  emailID: 'Please enter your email address.',
  phone: 'Please enter your Phone No.',
  password: 'Please enter your Password.',
  staffID: 'Please enter your Staff-ID',
  company: 'Please enter your company name.',
  signupCode: 'Please enter the staff signup code.',
  currentPassword: 'Please enter your Current Password.',
  newPassword: 'Please enter your New Password.',
  confirmNewPassword: 'Please enter your Confirm New Password.',
} as const;

export const invalid = {
  email: 'Please enter a valid Email address.',
  phone: 'Please Enter Phone Number under 10 digits.',
  weakPassword: 'Please enter a strong password of length more than 5.',
  passwordTooLong: 'Please enter a password of at most 128 characters.',
  passwordMismatch: "Password and Confirm Password don't match!",
  rollNumber: 'Please enter a valid Roll number.',
  rollNumberFormat: (format: string) =>
    `Please enter the Roll number as the college writes it (format: ${format}).`,
  rollNumberTaken: 'Another student of the college has this Roll number.',
  rollNumberFormatSetting:
    'Please enter the roll number format as a regular expression, for example [A-Za-z0-9/-]+.',
  cgpa: 'Please enter a valid CGPA.',
  staffID: 'Staff-ID must contain digits only.',
  staffIDAsText: 'This Staff-ID is too long to send as a number; please send it as text.',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  yearOfPassing: 'Please enter a valid Year of Passing.',
  tooManyDegrees: (max: number) => `Please enter at most ${max} degrees.`,
  projectLink: 'Please enter a valid link starting with http:// or https://.',
  notChangeable: (fields: string[]) => `${fields.join(', ')} cannot be changed here.`,
  profileSection: 'typ must be one of personalDetail, educationalDetails, internships, projects.',
  reason: 'Please keep the reason to at most 500 characters.',
  companyName:
    "Please enter your company's own name: it may not claim to be the placement cell, the college, its staff or the portal.",
} as const;

/** How the placement cell signs what it does, as students and companies read it. */
export const placementCell = {
  sender: 'Placement cell',
  /** A staff member, by name (who opened a record, who asked for an email change). */
  member: (name: string) => `Placement cell (${name})`,
  /** What the portal itself did (an offer lapsing at its date). */
  portal: 'Portal',
} as const;

/**
 * A company as the sender of what its actions send (notifications, messages, email subjects,
 * calendar invites): always named as a recruiter, so no company reads as the placement cell.
 */
export const companySender = (company: string) => `${company} (recruiter)`;

/**
 * An account asked for by id that is not there, or not the asker's to see (a company asking for a
 * student it may not see reads the same words as for one that does not exist).
 */
export const notFound = {
  student: 'Student not found.',
  staff: 'College staff member not found.',
  company: 'Company not found.',
} as const;

export const paging = {
  page: 'Please ask for a page number of 1 or more.',
  pageSize: 'Please ask for between 1 and 100 entries a page.',
} as const;

export const entries = {
  internship: {
    company: 'Please enter the company name.',
    role: 'Please enter your role in the company.',
    duration: 'Please enter the total Internship duration.',
    description: 'Please enter your internship experience.',
    empty: "You don't have any internship. Please fill up above form to add one.",
    notFound: 'Internship not found.',
    tooMany: (max: number) =>
      `You can keep at most ${max} internships. Please delete one before adding another.`,
  },
  project: {
    title: 'Please enter the Project Title.',
    link: 'Please enter your link of your project.',
    duration: 'Please enter the total Project duration.',
    description: 'Please enter your internship experience.',
    empty: "You don't have any project. Please fill up above form to add one.",
    notFound: 'Project not found.',
    tooMany: (max: number) =>
      `You can keep at most ${max} projects. Please delete one before adding another.`,
  },
} as const;

export const passwords = {
  changed: 'Password changed successfully.',
  wrongCurrent: 'Your current password is not correct.',
  mismatch: "New Password and Confirm New Password don't match!",
  sameAsOld: 'The new password must be different from the current one.',
} as const;

export const auth = {
  studentExists: 'Student Already Exists!',
  staffExists: 'College Staff Already Exists!',
  companyExists: 'Company Already Exists!',
  badCredentials: 'Invalid email or password.',
  badSignupCode: 'Invalid staff signup code.',
  unauthorized: 'Unauthorized Access! Please SignIn',
  notSignedIn: 'Please sign in to continue.',
  wrongRole: 'You do not have access to this area.',
  suspended: 'You are Suspended, Contact Admin.',
  pleaseSignIn: 'Please Sign In',
  signedOut: 'Signed Out successfully',
  signedIn: 'Signed In successfully',
  signedUp: 'Signed Up successfully',
  welcome: (name: string) => `Welcome ${name}`,
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  accountLocked: (minutes: number) =>
    `Too many failed sign-ins for this account. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  /** Untrusted browsers wait their turn (at most 15 minutes); a browser used before does not. */
  signinPaused: (seconds: number) =>
    `Too many failed sign-ins for this account. Please try again in ${
      seconds < 60
        ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
        : `${Math.ceil(seconds / 60)} ${Math.ceil(seconds / 60) === 1 ? 'minute' : 'minutes'}`
    }, or sign in from a browser you have signed in with before.`,
  crossSite: 'Cross-site request refused.',
} as const;

export const toasts = {
  detailsUpdated: 'Details Updated Succesfully',
  pictureUpdated: 'Profile picture updated.',
  dataFetched: 'Data Fetched Succesfully',
  clickOnDetails: 'Click on Details for more details.',
  lockedField: 'Please click on the edit button to edit the fields.',
  fetchFailedSuffix: ', in fetching data.',
  timeout: 'Request timed out. Please try again.',
  network: 'Network error. Please check your connection.',
  genericStatusFailure: 'Request failed with status code 400',
} as const;

export const companyFallbacks = {
  getData: 'Failed to get company data',
  updateProfile: 'Failed to update profile',
  uploadPicture: 'Failed to upload profile picture',
  studentDetails: 'Failed to get student details',
} as const;

export const http = {
  malformedJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'Unsupported content type.',
  bodyTooLarge: 'The request body is too large.',
  notFound: 'Not found.',
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is briefly unavailable. Please try again.',
  refusedValue: 'The request holds a value that cannot be stored. Please check it for unusual characters.',
  controlCharacters: 'Please remove control characters (such as NUL) from the text.',
} as const;

/** What /health and /ready answer a load balancer. */
export const health = {
  up: 'The server is up.',
  ready: 'Ready to serve.',
  notReady: (failed: string[]) => `Not ready: ${failed.join(', ')} not answering as expected.`,
} as const;

export const ui = {
  loading: 'Loading...',
  tagline: 'your gateway to success',
  suspendedScreen: auth.suspended,
} as const;

export const jobs = {
  role: 'Please enter the Job Role.',
  description: 'Please enter your Job Description.',
  qualifications: 'Please enter the job qualifications',
  startDate: 'Please enter the start date of application',
  deadline: 'Please enter the deadline date of application',
  badDate: 'Please enter a valid date.',
  deadlineBeforeStart: 'The application deadline must not be before the start date.',
  noCollege: 'Choose at least one college for the job.',
  minCgpa: 'Please enter a minimum CGPA between 0 and 10.',
  year: 'Please enter a valid year of passing.',
  posted: 'Job posted successfully.',
  notFound: 'Job not found.',
  type: 'Please choose Full-time or Internship.',
  package: 'Please enter a package in LPA between 0 and 1000, or leave it empty.',
  location: 'Please enter a location of at most 100 characters.',
  workMode: 'Please choose On-site, Hybrid or Remote.',
  /** `nextDay` is the date (YYYY-MM-DD) posting opens again at midnight in the zone named `zone` ("IST"). */
  dailyLimit: (max: number, nextDay: string, zone: string) =>
    `You have posted ${max} jobs today, the most allowed in a day. You can post again from ${nextDay} 00:00 ${zone}.`,
} as const;

/** The student's vacancy list (`GET /api/student/jobs`): its filters, badges and counts. */
export const vacancies = {
  search: 'Please enter at most 100 characters to search.',
  eligibleOnly: 'eligibleOnly must be true or false.',
  sort: 'Please sort by deadline, newest or package.',
  type: 'Please choose Full-time or Internship.',
  tier: 'Please choose a tier of the placement policy.',
  minPackage: 'Please enter a minimum package in LPA between 0 and 1000.',
  company: 'Please enter at most 100 characters of the company name.',
  location: 'Please enter at most 100 characters of the location.',
  workMode: 'Please choose On-site, Hybrid or Remote.',
  notEligible: 'Not eligible',
  /** A job whose window has not opened yet: timing, not the student. */
  opensOn: (date: string) => `Opens on ${date}`,
  closed: 'Closed',
  none: 'No job openings right now. Check back soon.',
  noMatch: 'No jobs match these filters.',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} ${total === 1 ? 'job' : 'jobs'}`,
} as const;

/** The placement policy: its rules, as the student and the company read them. */
export const policy = {
  /** Who "saved" the policy in force before any staff member did. */
  defaultBy: 'Default policy',
  /** The badge of a student placed under the policy, on a company's pipeline. */
  placedBadge: (tier: string) => `Placed · ${tier} tier`,
  sameOrHigherTier: (acceptedTier: string, jobTier: string) =>
    `You have accepted an offer in the ${acceptedTier} tier; this job is in the ${jobTier} tier.`,
  maxOffers: (max: number) =>
    `You have accepted ${max} ${max === 1 ? 'offer' : 'offers'}, the most the placement policy allows.`,
  debarred: (until: string | null, reason: string) =>
    `You are debarred by the placement cell${until ? ` until ${until}` : ''}` +
    (reason ? `: ${reason}` : '.'),
  offerRefused: (reason: string) =>
    `The placement policy does not allow this offer. For the student: ${reason}`,
  saved: (version: number) => `Placement policy saved as version ${version}.`,
  tierName: 'Please name each tier.',
  tierPackage: 'Please give each tier a lower bound between 0 and 1000 LPA.',
  tiersOrder: 'Tiers must start at 0 LPA and rise, each with its own name.',
  maxAcceptedOffers: 'Please allow between 1 and 10 accepted offers.',
  decisionDays: 'Please give between 3 and 60 days to decide on an offer.',
  noShowLimit: 'Please give between 0 (no penalty) and 10 no-shows.',
  noShowDebarDays: 'Please give between 1 and 365 days of debarment for no-shows.',
  unchanged: 'Nothing to save: the policy is the same as the current one.',
  changedMeanwhile:
    'Another staff member saved the placement policy just now. Please reload it and make your change again.',
  debarReason: 'Please give the reason for the debarment (at most 300 characters).',
  debarredUntil: 'Please enter a valid end date for the debarment (YYYY-MM-DD), or leave it empty.',
} as const;

/** Offers: made by a company, answered by the student by a date. */
export const offers = {
  decideBy: 'Please give a decide-by date at least 3 days ahead (YYYY-MM-DD).',
  notFound: 'Offer not found.',
  notOpen: (state: string) => `This offer is ${state} and can no longer be answered.`,
  accepted: (company: string) => `Offer from ${company} accepted. Congratulations!`,
  declined: 'Offer declined.',
  badDecision: 'Please choose Accept or Decline.',
  withdrawn: 'Offer withdrawn.',
  revoked: 'Offer revoked; the placement record was recomputed.',
  notWithdrawable: (state: string) =>
    `Only an offer still waiting for the student can be withdrawn; this one is ${state}.`,
  notRevocable: (state: string) => `Only an accepted offer can be revoked; this one is ${state}.`,
  reasonRequired: 'Please give a reason.',
  /** How an application's history names each change of its offer. */
  event: {
    Offered: 'Offer made',
    Accepted: 'Offer accepted',
    Declined: 'Offer declined',
    Lapsed: 'Offer lapsed',
    Withdrawn: 'Offer withdrawn',
    Revoked: 'Offer revoked',
  },
  confirmAccept: (company: string, pkg: string) =>
    `Accept the offer from ${company} at ${pkg}? You will be marked placed with ${company}, and the placement policy may stop you from taking other offers.`,
  confirmDecline: (company: string) =>
    `Decline the offer from ${company}? A declined offer cannot be accepted later.`,
  /** The notifications of an offer's changes; each one's title is `event` of the new state. */
  notices: {
    lapsedForStudent: (company: string, role: string, decideBy: string) =>
      `Your offer from ${company} for ${role} lapsed: it was not answered by ${decideBy}.`,
    lapsedForCompany: (student: string, role: string, decideBy: string) =>
      `${student} did not answer your offer for ${role} by ${decideBy}; it lapsed.`,
    answered: (student: string, accepted: boolean, role: string, pkg: number) =>
      `${student} ${accepted ? 'accepted' : 'declined'} your offer for ${role} (${pkg} LPA).`,
    withdrawn: (company: string, role: string, reason: string) =>
      `${company} withdrew its offer for ${role}: ${reason}`,
    revokedForStudent: (company: string, role: string, reason: string) =>
      `Your accepted offer from ${company} for ${role} was revoked by the placement cell: ${reason}`,
    revokedForCompany: (student: string, role: string, reason: string) =>
      `The placement cell revoked ${student}'s accepted offer for ${role}: ${reason}`,
  },
} as const;

export const applying = {
  applied: 'Application submitted successfully.',
  alreadyApplied: 'You have already applied to this job.',
  closed: 'This job is closed for applications.',
  deadlinePassed: 'The application deadline for this job has passed.',
  notOpenYet: (date: string) => `Applications open on ${date}.`,
  minCgpa: (min: number, yours: number | null) =>
    yours === null
      ? `Minimum CGPA ${min}; add your CGPA in Academic Details`
      : `Minimum CGPA ${min}; yours is ${yours}`,
  degrees: (allowed: string[]) => `Open to ${allowed.join(', ')} only.`,
  years: (allowed: number[]) => `Open to the batch of ${allowed.join(', ')} only.`,
  /** The job names its pre-placement talk (jobs.required_event_id) and the student has not attended it. */
  talkRequired:
    'Only students who attended this job’s pre-placement talk may apply: register for it under Events.',
  /** `parts` as `profilePartLabels` words them ("roll number", "CGPA"). */
  incomplete: (parts: string[]) =>
    `Please add your ${parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]} to your profile before applying.`,
  withdrawn: 'Application withdrawn.',
  notWithdrawable: (stage: string) =>
    `This application is at ${stage}; it can be withdrawn only until the company shortlists it.`,
  applicationNotFound: 'Application not found.',
  withdrawnTitle: 'Application withdrawn',
  /** Staff close a placed student's other applications in one step. */
  closedNote: 'Closed by the placement cell: the student is placed.',
  closedTitle: 'Application closed',
  closedBody: (student: string, role: string) =>
    `The placement cell closed ${student}'s application for ${role}: the student is placed.`,
  closedOthers: (n: number) =>
    n === 0
      ? 'No other open applications to close.'
      : `${n} other ${n === 1 ? 'application' : 'applications'} closed.`,
  notPlaced: 'This student has not accepted an offer, so their applications stay open.',
  withdrawnBody: (student: string, role: string) => `${student} withdrew their application for ${role}.`,
  /** The company's notification of an application. */
  newApplicantTitle: 'New applicant',
  newApplicant: (student: string, role: string) => `${student} applied for ${role}.`,
} as const;

export const uploads = {
  pictureTooLarge: 'Please upload file of size less than 1 MB',
  pictureInvalid: 'Please upload a valid image.',
  resumeTooLarge: 'Please upload a file less than 5 MB',
  resumeInvalid: 'Please upload a valid PDF file.',
  resumeUploaded: 'Resume uploaded successfully.',
  pictureUpdated: 'Profile picture updated.',
  noFile: (field: string) => `Please choose a file to upload in the ${field} field.`,
  notMultipart: 'Please upload the file as multipart/form-data.',
  incomplete: 'The upload did not arrive whole. Please try again.',
  fileNotFound: 'File not found.',
  notYourFile: 'You do not have access to this file.',
  emptyResume: 'Please upload a valid resume in PDF format.',
} as const;

export const staffActions = {
  badCompanyStatus: 'Please choose Pending, Allowed, Suspended or Rejected.',
  companySuspended: 'Company suspended.',
  companyAllowed: 'Company allowed again.',
  companyApproved: 'Company approved.',
  companyRejected: 'Company rejected.',
  companyPending: 'Company moved back to pending approval.',
  companyUnchanged: (status: string) => `The company is already ${status}.`,
  companyChangedMeanwhile: (status: string) =>
    `Someone else has just made the company ${status}. Please look again before deciding.`,
} as const;

/** Recruiters are approved by the placement cell before they see any student. */
export const approval = {
  awaiting: 'Your company is awaiting approval by the placement cell.',
  rejected: "Your company's registration was not approved by the placement cell.",
  reasonLabel: 'Reason given by the placement cell:',
  awaitingDetail:
    'Meanwhile you can complete your profile and post jobs; students will see them once your company is approved.',
  noReason: 'No reason was given.',
  approvedTitle: 'Company approved',
  approvedNotice: (company: string, note: string) =>
    `The placement cell approved ${company}: you can now see the college's students, ` +
    `and students can see and apply to your open jobs.` +
    (note ? ` Note: ${note}` : ''),
  rejectedTitle: 'Registration not approved',
  rejectedNotice: (company: string, reason: string) =>
    `The placement cell did not approve ${company}.` + (reason ? ` Reason: ${reason}` : ''),
} as const;

/**
 * An approved company's new name waits for the placement cell; meanwhile students, applicants and
 * every notice keep the approved name.
 */
export const companyNames = {
  pendingNote: "Your new name awaits the placement cell's approval.",
  pendingDetail: (approved: string) => `Until then students see your company as ${approved}.`,
  /** On the staff Companies page, over the name asked for. */
  pendingLabel: 'New name awaiting approval',
  nameRequired: 'Please give the new name you are deciding on.',
  badDecision: 'Please choose Approved or Rejected.',
  noPendingName: 'This company has no new name waiting for approval.',
  decidedMeanwhile:
    "The placement cell decided on your company's name just now. Please look at your profile again and save once more.",
  changedMeanwhile: (name: string) =>
    `The company has since asked for another name (${name}). Please look again before deciding.`,
  approved: 'New name approved.',
  /** A college approved it; others that approved the company have still to (issue 29). */
  approvedHere: (outstanding: number) =>
    `New name approved here. Students see it once ${outstanding === 1 ? 'the other college' : `the ${outstanding} other colleges`} that approved the company approve it too.`,
  /** On the staff Companies page, once this college approved the name the others still decide on. */
  approvedHereNote:
    'You approved this name. Students see it once the other colleges that approved the company approve it too.',
  rejected: 'New name rejected.',
  approvedTitle: 'New company name approved',
  approvedNotice: (from: string, to: string) =>
    `The placement cell approved your new name: students now see ${to} instead of ${from}.`,
  rejectedTitle: 'New company name not approved',
  rejectedNotice: (asked: string, kept: string, reason: string) =>
    `The placement cell did not approve the name ${asked}; students keep seeing ${kept}.` +
    (reason ? ` Reason: ${reason}` : ''),
} as const;

/** Academic details verified by staff; a student's later change waits for their approval. */
export const verification = {
  sentForApproval: 'Sent to the placement cell for approval.',
  notVerified: 'Your academic details are not verified yet.',
  badge: (staffName: string, date: string) => `Verified by ${staffName} on ${date}`,
  requestNotFound: 'Change request not found.',
  alreadyDecided: 'This change request has already been decided.',
  badDecision: 'Please choose Approved or Rejected.',
  approved: 'Change approved and applied to the record.',
  rejected: 'Change request rejected.',
  settingsSaved: 'Settings saved.',
  requireVerifiedLabel: 'Only verified students can apply',
  pendingNote: 'A change to your academic details is waiting for the placement cell’s approval.',
  approvedTitle: 'Academic details change approved',
  rejectedTitle: 'Academic details change not approved',
  approvedNotice: (fields: string) =>
    `The placement cell approved your change to ${fields}; your record now shows the new values.`,
  rejectedNotice: (fields: string, reason: string) =>
    `The placement cell did not approve your change to ${fields}; your record keeps its verified values.` +
    (reason ? ` Reason: ${reason}` : ''),
} as const;

/**
 * A sign-in email changes only with the student's consent and once the new address confirms it.
 * Staff ask; the student approves (in the app with their password, or from the link sent to the
 * current address); or, when the student cannot reach the current address, a second staff member
 * approves and the change waits 72 hours, during which the student may cancel it.
 */
export const emailChange = {
  /** Who asked, as the emails about the change name them. */
  requestedBy: (staffName: string) => `The placement cell (${staffName})`,
  saved:
    'Student details updated. The new email address takes effect once the student approves the change and confirms it from the new address.',
  savedEmailOnly:
    'The student was asked to approve the new email address; the current one stays in force until they approve and the new address confirms it.',
  invalidLink:
    'This confirmation link is not valid. Please check that you opened the whole link, or ask the placement cell for a new one.',
  expiredLink: 'This confirmation link has expired. Please ask the placement cell for a new one.',
  usedLink: 'This confirmation link has already been used.',
  replacedLink:
    'A newer email about this change has been sent since this one. Please use the link in the latest email.',
  /** The change the link belongs to was declined, cancelled, replaced or made void. */
  closedLink:
    'This email change is no longer open: it was declined, cancelled or replaced, or the account was suspended. Nothing was changed.',
  taken: 'Another account already uses this email address.',
  confirmed: 'Your email address has been changed. Please sign in with the new address.',
  /** A suspended (or erased) student's email is not changed. */
  suspendedStudent: 'The sign-in email of a suspended student cannot be changed.',
  notFound: 'There is no email change waiting for an answer.',
  alreadyApproved: 'You have already approved this change; a confirmation link was sent to the new address.',
  badDecision: 'Please choose Approve or Decline.',
  approved:
    'Change approved. A confirmation link was sent to the new address; your current address stays in force until it is used.',
  declined: 'Change declined. You keep signing in with your current address.',
  lostAddressMarked:
    'Marked: the student cannot reach their current address. Another staff member must now approve the change.',
  notAwaitingStudent: 'This email change is no longer waiting for the student.',
  notAwaitingSecondApproval: 'This email change is not waiting for a second approval.',
  /** The staff member who asked for the change, or marked the address lost, approves it a second time. */
  sameStaff:
    'Another staff member must approve this change: you asked for it or marked the address as lost yourself.',
  secondApproved: (date: string) =>
    `Approved. Unless the student cancels, the confirmation link goes to the new address on ${date}.`,
  /** How the staff's record page describes the change in each state. */
  state: {
    AwaitingStudent: (email: string) =>
      `Waiting for the student to approve the change to ${email}, in the app or from the link sent to their current address.`,
    AwaitingSecondApproval: (email: string, markedBy: string) =>
      `${markedBy} marked that the student cannot reach their current address. Another staff member must approve the change to ${email}.`,
    Waiting: (email: string, date: string) =>
      `Approved by two staff members. Unless the student cancels, the confirmation link goes to ${email} on ${date}.`,
    AwaitingConfirmation: (email: string) => `Waiting for confirmation from ${email}`,
  },
  /** The staff's form notes the change under the Email field. */
  underWay: (email: string) => `A change to ${email} is under way: see “Change of sign-in email” above.`,
  /** The staff's record page: the change and the steps for a student who lost the current address. */
  staffPanel: {
    heading: 'Change of sign-in email',
    markLostAddress: 'Student cannot reach the current address',
    markLostAddressHint:
      'Only when the student can neither read their current email nor sign in: another staff member must then approve, and the change waits 72 hours, announced to the current address.',
    confirmMarkLostAddress:
      'Mark that the student cannot reach their current address? Another staff member must then approve the change.',
    secondApprove: 'Approve as the second staff member',
    confirmSecondApprove: (email: string) =>
      `Approve changing this student's sign-in email to ${email}? It waits 72 hours, during which the student may cancel it.`,
  },
  /** The student's card on the Profile page and the page the link to the current address opens. */
  card: {
    heading: 'Change of your sign-in email',
    AwaitingStudent: (staffName: string, email: string) =>
      `The placement cell (${staffName}) asked to change your sign-in email to ${email}. Nothing changes unless you approve it.`,
    AwaitingSecondApproval: (email: string) =>
      `The placement cell was told that you cannot reach your current email address and asks to change your sign-in email to ${email}. If this is wrong, decline it.`,
    Waiting: (email: string, date: string) =>
      `Two staff members approved changing your sign-in email to ${email}. Unless you cancel it, a confirmation link goes there on ${date}.`,
    AwaitingConfirmation: (email: string) =>
      `You approved the change: a confirmation link was sent to ${email}. You keep signing in with your current address until it is used.`,
    approveHint:
      'Approving sends a confirmation link to the new address; your sign-in email changes once it is used there.',
    approve: 'Approve the change',
    decline: 'Decline',
    cancel: 'Cancel the change',
    confirmDecline: 'Decline this change? Your sign-in email stays as it is.',
    keepCurrent: 'Keep my current email',
  },
  /** The student's notifications about a change asked for by the placement cell. */
  notices: {
    requestedTitle: 'Change of your sign-in email requested',
    requested: (staffName: string, email: string) =>
      `The placement cell (${staffName}) asked to change your sign-in email to ${email}. Approve or decline it on your Profile page; nothing changes without your approval.`,
    lostAddressTitle: 'Change of your sign-in email without your current address',
    lostAddress: (email: string) =>
      `The placement cell says you cannot reach your current email address and asks to change your sign-in email to ${email}. If this is wrong, decline it on your Profile page.`,
    waitingTitle: 'Your sign-in email changes in 72 hours',
    waiting: (email: string, date: string) =>
      `Two staff members approved changing your sign-in email to ${email}. Unless you cancel it on your Profile page, a confirmation link goes there on ${date}.`,
    /** To the staff member who asked. */
    declinedTitle: 'Email change declined',
    declined: (student: string, email: string) =>
      `${student} declined the change of their sign-in email to ${email}; it stays as it was.`,
  },
} as const;

/** A staff member deciding about an account that signs in with their own email address. */
export const conflicts = {
  ownAccount:
    'You cannot decide this: the account uses your own email address. Please ask another staff member.',
} as const;

/** Who looked at a student's record: shown to the student and to staff. */
export const recordViews = {
  heading: 'Who viewed your profile',
  empty: 'Nobody has opened your record or resume yet.',
  record: 'Opened your record',
  resume: 'Opened your resume',
  /** The same list on the staff's record page, where "your" would be the wrong person. */
  staffHeading: 'Who viewed this profile',
  staffEmpty: 'No company or staff member has opened this record or resume yet.',
  staffRecord: 'Opened the record',
  staffResume: 'Opened the resume',
} as const;

export const staffRecords = {
  staleEdit: 'This record was changed by someone else since you opened it. Please reload and try again.',
  emailTaken: 'Another account already uses this email address.',
  placedCompany: 'Please enter the company the student is placed with.',
  packageOffered: 'Please enter a valid package in LPA.',
  saved: 'Student details updated successfully.',
  noChanges: 'Nothing to update: no field was changed.',
  search: 'Please enter at most 100 characters to search.',
  page: 'Please ask for a page number of 1 or more.',
  pageSize: 'Please ask for between 1 and 100 students a page.',
  cgpaRange: 'Please enter a CGPA between 0 and 10.',
  bulkEmpty: 'Please choose at least one student.',
  bulkSelection: 'Please choose students by their ids or by the filter they match, not both.',
  bulkTooMany: (max: number) =>
    `A bulk change takes at most ${max.toLocaleString('en-IN')} students. Please narrow the selection with filters.`,
  bulkAction: 'Please choose what to change: verify, or an account or placement status.',
  bulkSummary: (changed: number, refused: number) =>
    `${changed} ${changed === 1 ? 'student' : 'students'} updated` +
    (refused ? `; ${refused} not updated (see each one's reason).` : '.'),
  /**
   * How many students a search matches: exact up to the cap, else "about N" for an estimate
   * (`studentPage.totalEstimate`), else "N+".
   */
  matchCount: (page: { total: number; totalCapped: boolean; totalEstimate?: number | undefined }) =>
    !page.totalCapped
      ? `${page.total.toLocaleString('en-IN')} ${page.total === 1 ? 'student' : 'students'}`
      : page.totalEstimate !== undefined
        ? `about ${page.totalEstimate.toLocaleString('en-IN')} students`
        : `${page.total.toLocaleString('en-IN')}+ students`,
  bulkUnchanged: 'Already so: nothing to change.',
  bulkChanged: 'Updated.',
  bulkDebarred: 'Debarring needs a reason and an end date: please debar a student from their record.',
  bulkPlaced: 'Marking a student placed needs the company and package: please do it from their record.',
} as const;

export const resumeBook = {
  empty: 'No students match this selection, so there is no resume book to download.',
  tooMany: (max: number) =>
    `A resume book holds at most ${max.toLocaleString('en-IN')} students and this selection has more. Please narrow it with a stage, ticked applicants or filters.`,
  applicationIds: 'Please tick applicants from the list (their ids were not understood).',
  noResume: 'No resume',
  download: 'Download resumes (ZIP)',
  downloadTicked: (count: number) => `Download resumes of ${count} ticked (ZIP)`,
  downloadBook: 'Download resume book',
} as const;

export const pipeline = {
  applicationNotFound: 'Application not found.',
  backwards: (from: string, to: string) =>
    `An application at ${from} cannot move to ${to}: only forward moves or Rejected.`,
  finished: (stage: string) => `This application is already at ${stage} and cannot move any further.`,
  scheduleNotAllowed: 'A schedule can only be given for an assessment or interview stage.',
  scheduleAt: 'Please enter a valid date and time for the schedule.',
  schedulePlace: 'Please enter the mode or place (e.g. Online, Room 204).',
  packageRequired: 'Please enter the package offered in LPA.',
  moved: (stage: string) => `Moved to ${stage}.`,
  rescheduled: 'Schedule updated.',
  bulkEmpty: 'Please choose at least one applicant.',
  bulkTooMany: (max: number) =>
    `A bulk move takes at most ${max.toLocaleString('en-IN')} applicants. Please narrow the selection with filters.`,
  bulkMoveSummary: (moved: number, stage: string, refused: number) =>
    `${moved} ${moved === 1 ? 'applicant' : 'applicants'} moved to ${stage}` +
    (refused ? `; ${refused} not moved (see each one's reason).` : '.'),
  bulkSelection: 'Please choose applicants by their ids or by the filter they match, not both.',
  jobUpdated: 'Job updated.',
  changedMeanwhile: 'This application was just moved by someone else. Please reload and try again.',
  withheldBadge: 'Record withheld',
  withheld:
    "This student's record, contact details and resume are withheld: the placement cell has suspended or debarred the account.",
} as const;

export const calendar = {
  feedCreated: 'Calendar feed link created. Copy it now: it is shown only once.',
  feedRevoked: 'Calendar feed link revoked. Calendars subscribed to it no longer update.',
  feedNotFound: 'Calendar feed not found.',
  noFeed: 'You have no calendar feed link.',
  heading: 'Calendar feed',
  create: 'Create feed link',
  rotate: 'Create a new link',
  revoke: 'Revoke',
  confirmRevoke: 'Revoke this calendar feed link? Calendars subscribed to it stop updating.',
  confirmRotate: 'Create a new link? The old one stops working.',
} as const;

export const recovery = {
  forgotPassword: 'Forgot Password',
  linkSent:
    'If an account with this email address exists, a link to choose a new password is on its way. It works once, for one hour.',
  tooManyRequests: 'Too many reset requests. Please wait a while before asking again.',
  invalidLink:
    'This reset link is not valid. Please check that you opened the whole link, or ask for a new one.',
  expiredLink: 'This reset link has expired. Please ask for a new one.',
  usedLink: 'This reset link has already been used. Please ask for a new one if you need to.',
  replacedLink: 'A newer reset link has been sent since this one. Please use the link in the latest email.',
  linkValid: 'Please choose a new password.',
  reset: 'Your password has been reset. Please sign in with your new password.',
} as const;

export const emailSettings = {
  saved: 'Email settings saved.',
  stageChanges: 'Email me when one of my applications moves to a new stage',
  interviews: 'Email me when an assessment or interview is scheduled',
  newApplicants: 'Email me when a student applies to one of my jobs',
} as const;

/** One message written to many: a company's to its applicants at a stage, staff's to a filtered list. */
export const messaging = {
  subject: 'Please enter a subject of at most 150 characters.',
  body: 'Please enter the message of at most 5,000 characters.',
  unknownPlaceholders: (names: string[]) =>
    `Unknown ${names.length === 1 ? 'placeholder' : 'placeholders'} ${names.map((n) => `{${n}}`).join(', ')}. ` +
    'Please use only {firstName}, {jobRole}, {company} and {stage}.',
  noApplicants: 'No applicants at this stage.',
  noStudents: 'No students match these filters.',
  tooMany: (max: number, count: number) =>
    `This message would go to ${count} people; at most ${max} can be messaged at once. Please narrow the list.`,
  rateLimited: (max: number) =>
    `You have sent ${max} messages in the last hour, the most allowed. Please wait before sending another.`,
  applicantNotFound: 'This applicant is not at this stage of the job.',
  sent: (count: number) => `Message sent to ${count} ${count === 1 ? 'recipient' : 'recipients'}.`,
  /** How the timeline names a message ("Message: Online assessment link"). */
  timelineLabel: (subject: string) => `Message: ${subject}`,
};

export const erasure = {
  formerStudent: 'Former student',
  auditField: 'Account erased',
  notGraduated: (year: number | null) =>
    year === null
      ? 'This account cannot be closed: the student has no year of passing.'
      : `This account can be closed once the student has graduated: from 1 January ${year + 1}.`,
  pendingOffer: 'This account cannot be closed while an offer is waiting for the student’s decision.',
  alreadyErased: 'This account was already closed and its personal data erased.',
  /** The staff record page of an erased account, where the edit form was. */
  recordErased: 'This account is closed and its personal data erased: the record can no longer be edited.',
  confirmation: 'Please type the student’s full name exactly as shown to confirm.',
  reason: 'Please give a reason (at most 500 characters).',
  erased: 'Account closed and personal data erased.',
  retentionMonths: 'Please enter a whole number of months from 0 to 600, or leave it empty to turn it off.',
  retentionSaved: 'Retention setting saved.',
  retentionOff: 'Retention is off: set a number of months first.',
  applied: (count: number) => `${count} ${count === 1 ? 'account' : 'accounts'} closed and erased.`,
} as const;

export const studentImports = {
  notCsv:
    'Please upload a CSV or XLSX file (from another spreadsheet format, save it as XLSX or CSV UTF-8 first).',
  unreadableXlsx:
    'The file could not be read as an XLSX workbook. Please save it again from your spreadsheet.',
  xlsxTooLarge:
    'The workbook is too large to read once unpacked. Please save the sheet of students on its own, as XLSX or CSV.',
  tooLarge: (mb: number) => `Please upload a file of at most ${mb} MB.`,
  tooManyRows: (max: number) =>
    `The file has more than ${max.toLocaleString('en-US')} students. Please split it.`,
  empty: 'The file has no students in it: it needs a header row and at least one student.',
  noKeyColumn: 'The file needs an Email or a Roll Number column to tell students apart.',
  duplicateColumn: (column: string) => `The file has two columns for ${column}. Please keep one.`,
  unreadable: 'The file could not be read as CSV. Please check its quotes and separators.',
  needsKey: 'Each row needs an email or a roll number.',
  duplicateInFile: (row: number) => `This is also on row ${row} of the file.`,
  matchesTwo: 'The email belongs to one student and the roll number to another.',
  rollShared: 'Several students have this roll number; use their email instead.',
  emailDiffers: (email: string) =>
    `The student with this roll number signs in as ${email}. Change a sign-in email on the student's record.`,
  notFound: 'This import was not found. Please upload the file again.',
  applied: 'This import has already been applied.',
  discarded: 'This import was discarded. Please upload the file again.',
  expired: 'This preview has expired. Please upload the file again.',
  hasErrors: (count: number) =>
    `Nothing was imported: ${count} ${count === 1 ? 'error' : 'errors'} must be fixed in the file first. Upload it again once they are.`,
  changedMeanwhile:
    'Some students changed since the preview, so nothing was imported. Please upload the file again to see what it would do now.',
  done: (created: number, updated: number) =>
    `Import applied: ${created} ${created === 1 ? 'student' : 'students'} added, ${updated} updated. New students were emailed a link to set their password.`,
  discardedNow: 'Import discarded. Nothing was changed.',
  nothingToDo: 'Nothing to import: every student in the file is already up to date.',
  emailOfOtherAccount: 'A staff or company account already uses this email address.',
} as const;

/** The programmes catalogue, what students choose and jobs target. */
export const programmes = {
  code: 'Please enter a code of capitals, digits, ".", "-" or "_" (at most 30), for example BTECH-CSE.',
  level: 'Please choose the degree level: Diploma, Undergraduate, Postgraduate or Doctorate.',
  degree: 'Please enter the degree, for example B.Tech.',
  branch: 'Please keep the branch to at most 100 characters.',
  duration: 'Please enter the duration in whole years, from 1 to 7.',
  target: 'Please choose a degree level, a degree or a programme from the catalogue.',
  mapText: 'Please enter the degree text to map.',
  codeTaken: (code: string) => `A programme with the code ${code} already exists.`,
  codeInUse: (code: string) =>
    `The code ${code} cannot change while students hold the programme or jobs are open to it.`,
  codeRepeated: (row: number) => `This code is also on row ${row} of the file.`,
  importUnreadable: 'The file could not be read as CSV.',
  importEmpty: 'The file is empty.',
  importTooLong: (max: number) => `The file has more than ${max} programmes.`,
  importColumns: 'The file needs the columns Code, Level, Degree and Duration (Branch is optional).',
  notFound: 'Programme not found.',
  unknownCode: (code: string) => `No programme has the code ${code}.`,
  retired: (code: string) => `The programme ${code} is retired; please choose a current one.`,
  unknownTarget: (text: string) =>
    `"${text}" is not a degree level, degree or programme of the college's catalogue.`,
  added: (name: string) => `Programme ${name} added.`,
  saved: (name: string) => `Programme ${name} saved.`,
  retiredNow: (name: string) => `Programme ${name} retired.`,
  restored: (name: string) => `Programme ${name} offered again.`,
  mapped: (text: string, name: string, students: number) =>
    `"${text}" now maps to ${name} for ${students} student${students === 1 ? '' : 's'}.`,
  imported: (created: number, updated: number) => `Catalogue imported: ${created} added, ${updated} updated.`,
} as const;

export const statisticsMessages = {
  /** The statistics' row of students who have no programme yet. */
  noProgramme: 'Programme not chosen',
} as const;

/** Drive days: declaring, panels, ranking, allotment, booking and no-shows. */
export const driveDays = {
  notFound: 'That drive day does not exist.',
  itemNotFound: 'That panel, interview or no-show does not exist on this drive day.',
  date: 'Please enter the drive day as a valid date (YYYY-MM-DD).',
  dateTaken: 'A drive day is already declared on that date.',
  datePast: 'A drive day cannot be declared in the past.',
  gap: 'Please give a gap between interviews of 0 to 120 minutes.',
  instant: 'Please give a valid date and time.',
  cutoffAfterDay: 'The ranking cut-off must come before the drive day begins.',
  roomName: 'Please name each room (at most 60 characters).',
  rooms: 'Please list at most 200 rooms.',
  roomsUnique: 'Each room needs its own name.',
  stage: 'Please choose the interview stage: Technical Interview or HR Interview.',
  job: 'Please choose one of your jobs.',
  room: 'Please choose one of the day’s rooms.',
  onlineLink: 'Please give the online link as an https:// address.',
  roomOrLink: 'Please give either a room or an online link (not both).',
  interviewers: 'Please name between 1 and 10 interviewers.',
  slotMinutes: 'Please give a slot length of 5 to 240 minutes.',
  bufferMinutes: 'Please give a buffer of 0 to 120 minutes.',
  time: 'Please give the time as HH:MM (24-hour clock).',
  hours: 'The panel’s hours must hold at least one slot.',
  bookingDeadline: 'Please give the deadline for booking a slot.',
  notYourJob: 'That job is not yours.',
  roomTaken: (room: string) => `${room} is already taken by another panel at those hours.`,
  published: 'This drive day is published: use “Changes on the day” instead.',
  notPublished: 'This drive day is not published yet.',
  panelAdded: 'Panel added.',
  panelSelfBooking: 'Students book this panel’s slots themselves: it is not in the allotment.',
  shortlistSaved: 'Shortlist order saved.',
  shortlistUnknown: 'The order may only list applications at that stage of that job.',
  rankingEmpty: 'Please rank at least one company.',
  rankingClosed: (cutoff: string) => `Rankings closed at ${cutoff}.`,
  rankingUnknown: 'Your ranking may only list the jobs you interview for on this day, each once.',
  rankingSaved: 'Your ranking is saved.',
  noPreview: 'Run the allotment first, then publish its preview.',
  previewStale: 'The panels changed since the allotment ran. Please run it again before publishing.',
  publishedDay: (n: number) => `Published: ${n} ${n === 1 ? 'interview' : 'interviews'}; everyone was told.`,
  lateMinutes: 'Please give a delay of 1 to 480 minutes.',
  changeKind:
    'Please choose what changed: a panel closed, a panel running late or a student who cannot come.',
  reason: 'Please give the reason (at most 300 characters).',
  notYetHeld: 'A student can be marked absent only once their slot has begun.',
  alreadyMarked: 'This student is already marked absent at this slot.',
  noShowMarked: 'Marked as a no-show.',
  alreadyWaived: 'This no-show is already waived.',
  waived: 'No-show waived.',
  bookingClosed: 'Booking for this panel has closed.',
  notAtStage: 'You are not at this panel’s interview stage.',
  slotUnknown: 'That slot does not exist on this panel.',
  slotsGone:
    'Sorry, that slot has just been taken. Please choose another one; if none is left, the slots are gone.',
  booked: 'Your slot is booked.',
  /** Reasons a student is left out, as staff read them in the preview. */
  leftOut: {
    capacity: 'More candidates than slots: every slot that fits the student’s day went to another candidate.',
    clash: 'A clash no order could solve: the student’s other interviews cover every slot of this panel.',
    unavailable: 'The student cannot come at any time this company interviews.',
    'no-slots': 'The company has no slot left on this day.',
  } as Record<string, string>,
  /** The notifications and emails. */
  sender: 'Placement cell',
  noticeTitle: (date: string) => `Your interviews on ${date}`,
  noticeBody: (lines: string[]) => `Your drive-day interviews:\n${lines.join('\n')}`,
  companyNoticeTitle: (date: string) => `Your panels’ interviews on ${date}`,
  companyNoticeBody: (n: number) =>
    `${n} ${n === 1 ? 'interview is' : 'interviews are'} scheduled on your panels.`,
  movedTitle: 'Your drive-day interview has changed',
  movedBody: (what: string, when: string) => `${what}: now at ${when}.`,
  droppedBody: (what: string) =>
    `${what}: this interview no longer takes place, the day changed. The placement cell will contact you.`,
  noShowTitle: 'Marked absent at an interview',
  noShowBody: (what: string, reason: string) => `You were marked absent at ${what}: ${reason}`,
  /** The penalty, as the student reads it and as the debarment's reason. */
  penaltyReason: (count: number, days: number) =>
    `${count} no-shows at drive-day interviews this season (the placement policy debars for ${days} days)`,
  penaltyExplained: (count: number, limit: number, days: number, until: string) =>
    `You missed ${count} drive-day ${count === 1 ? 'interview' : 'interviews'} this season. The placement policy debars a student for ${days} days after ${limit} no-shows, so you cannot apply until ${until}. If you had a reason, ask the placement cell to waive a no-show.`,
  penaltyWarning: (count: number, limit: number) =>
    `You missed ${count} drive-day ${count === 1 ? 'interview' : 'interviews'} this season; at ${limit} the placement policy debars you for a while.`,
} as const;

/** The room board of a drive day and its coordinators. */
export const board = {
  action: 'Please choose check in, call in, check out or undo.',
  result: 'Please choose the result: next stage or rejected.',
  resultOnlyAtCheckOut: 'A result is given only when the student checks out.',
  notPublished: 'The board opens once the drive day is published.',
  notInScope: 'That interview is not on a panel you coordinate.',
  noResultByCoordinator:
    'Coordinators check students in and out; the company or the placement cell enters the result.',
  noShowAlready: 'This student is marked absent at this slot.',
  alreadyCheckedIn: 'This student has already checked in.',
  notCheckedIn: 'Check the student in first.',
  alreadyInRoom: 'This student is already in the room.',
  roomBusy: (student: string) => `${student} is still in the room. Check them out first.`,
  roomTaken: 'Another student was called into this room just now. Check them out first.',
  arrivedNoShow: 'This student checked in: they came, so they cannot be marked absent.',
  alreadyDone: 'This interview is already over.',
  changedMeanwhile: 'Someone else changed this student’s place on the board just now. Please look again.',
  notInRoom: 'Call the student into the room first.',
  stageMovedMeanwhile: (stage: string) =>
    `The application is now at ${stage}: its result is entered on the applicant’s page, not on the board.`,
  checkedIn: (student: string) => `${student} checked in.`,
  calledIn: (student: string) => `${student} is in the room.`,
  checkedOut: (student: string) => `${student} checked out.`,
  undone: {
    'check-in': (student: string) => `${student} is no longer checked in.`,
    'call-in': (student: string) => `${student} is back in the waiting line.`,
    'check-out': (student: string) => `${student} is back in the room.`,
  },
  nothingToUndo: 'There is nothing to undo for this student.',
  resultStands:
    'A result was entered for this student and moved the application: change it on the applicant’s page.',
  movedTo: (student: string, stage: string) => `${student} checked out and moved to ${stage}.`,
  offerPending: (student: string) =>
    `${student} checked out and passed. Make the offer on the applicant’s page: it needs the package.`,
  /** What the student's phone says when they are the next one waiting for a panel. */
  youAreNext: (company: string, room: string, minutes: number) =>
    `You are next at ${company}, ${room}, in about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
  coordinatorEmail: 'Please give the email of a student or staff account of your college.',
  coordinatorScope: 'Please choose at least one company or room this coordinator looks after.',
  coordinatorUnknown: 'No student or staff account of your college has that email.',
  coordinatorScopeUnknown: 'Choose companies interviewing on this day and rooms of this day.',
  coordinatorTaken: 'This account already coordinates this drive day. Remove it first to change the scope.',
  coordinatorAdded: (name: string) => `${name} is a coordinator for this day.`,
  coordinatorRemoved: 'Coordinator removed.',
  coordinatorNotFound: 'That coordinator does not exist on this drive day.',
} as const;

/** The live stream and what the web app says about it. */
export const live = {
  badLastEventId: 'Last-Event-ID must be the number of an event.',
  /** The bell's note when the browser cannot hold the stream and polls instead. */
  polling: 'Live updates are paused; checking every 30 seconds.',
};

/** Events (modules/events): pre-placement talks, tests and group discussions, with QR attendance. */
export const events = {
  notFound: 'That event does not exist.',
  notCoordinatorsEvent:
    'You may record attendance only at the events of the companies you coordinate, on the day you coordinate them.',
  kind: 'Please choose the kind of event: a pre-placement talk, a test or a group discussion.',
  title: 'Please give the event a title (at most 120 characters).',
  description: 'Please keep the description under 2,000 characters.',
  instant: 'Please give a valid date and time.',
  endsBeforeStart: 'The event must end after it starts.',
  startsInPast: 'An event cannot start in the past.',
  place: 'Please give a place (at most 200 characters).',
  onlineLink: 'Please give the online link as an https:// address.',
  placeOrLink: 'Please give a place or an online link.',
  capacity: 'Please give a capacity of 1 to 5,000 students.',
  audience:
    'Please choose who may register: everyone in the college, a job’s eligible students or a stage’s applicants.',
  stage: 'Please choose the stage whose applicants may register.',
  jobRequired: 'Please choose the job: this audience is a job’s students.',
  notYourJob: 'That job is not yours.',
  jobNotFound: 'That job does not exist.',
  requiredNeedsJob: 'Only an event for a job can be required to apply to it.',
  created: 'Event created.',
  registered: 'You are registered.',
  waiting: (position: number) => `The event is full: you are number ${position} on the waiting list.`,
  alreadyRegistered: 'You are already registered for this event.',
  waitingFull: 'The event and its waiting list are full.',
  notRegistered: 'You are not registered for this event.',
  cancelled: 'Your registration is cancelled.',
  attendedCannotCancel: 'Your attendance is recorded: the registration cannot be cancelled.',
  ended: 'This event has ended.',
  notConfirmed: 'You are on the waiting list: a code is shown once you have a place.',
  updated: 'Event updated; its students are told.',
  eventCancelled: 'Event cancelled; its students are told.',
  isCancelled: 'This event is cancelled.',
  /** The link, on a cancelled event the student held a place at, to the file that calls the calendar entry off. */
  removeFromCalendar: 'Remove from your calendar',
  /** The event's page and list (staff's and the company's). */
  change: 'Change time or place',
  changeHint: 'Its registered and waiting students are told of a new time or place.',
  saveChange: 'Save time and place',
  cancelEvent: 'Cancel event',
  keepEvent: 'Keep event',
  confirmCancel:
    'Cancel this event? Registration closes, its registered and waiting students are told, and it cannot be undone.',
  cancelledOn: (when: string) => `Cancelled on ${when}.`,
  cancelledMark: 'Cancelled',
  changedTitle: 'An event changed',
  changedBody: (title: string, when: string, where: string) => `${title} is now on ${when} at ${where}.`,
  cancelledTitle: 'An event is cancelled',
  cancelledBody: (title: string, when: string) => `${title} (${when}) is cancelled.`,
  promotedTitle: 'You have a place',
  promotedBody: (title: string, when: string) =>
    `A place opened at ${title} (${when}): you are registered. Show your code at the door.`,
  code: 'Please scan or paste the student’s attendance code.',
  codeForged: 'This code is not a valid attendance code.',
  codeExpired:
    'This code has expired (codes last 30 seconds). Ask the student to show the code on their phone now.',
  codeOtherEvent: 'This code is for another event.',
  codeNotRegistered: 'This student has no place at this event.',
  recorded: (name: string) => `Attendance recorded: ${name}.`,
  alreadyRecorded: (name: string, at: string) => `Already recorded: ${name} at ${at}.`,
} as const;
