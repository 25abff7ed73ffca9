import type { ProductType } from '@kippu/contract';
import type { Texts6 } from '../localized.ts';

export interface ProductText {
  type: ProductType;
  name: Texts6;
  description: Texts6;
  caution: Texts6;
}

const NO_REFUND_CAUTION: Texts6 = [
  '入場は指定時間帯の開始から30分以内にお願いします。チケットの払い戻しはできません。',
  'Please arrive within 30 minutes of the start of your time slot. Tickets are non-refundable.',
  '请于所选时段开始后30分钟内入场。门票售出后不予退款。',
  '지정 시간대 시작 후 30분 이내에 입장해 주세요. 티켓은 환불되지 않습니다.',
  '請於所選時段開始後30分鐘內入場。門票售出後恕不退款。',
  'กรุณาเข้าชมภายใน 30 นาทีนับจากเวลาเริ่มต้นของรอบที่เลือก บัตรไม่สามารถขอคืนเงินได้',
];

const OUTDOOR_CAUTION: Texts6 = [
  '屋外エリアは天候により閉鎖する場合があります。歩きやすい靴でお越しください。',
  'Outdoor areas may close in bad weather. Please wear comfortable shoes.',
  '户外区域可能因天气关闭。请穿着舒适的鞋子。',
  '야외 구역은 날씨에 따라 폐쇄될 수 있습니다. 편한 신발을 착용해 주세요.',
  '戶外區域可能因天氣關閉。請穿著舒適的鞋子。',
  'พื้นที่กลางแจ้งอาจปิดในกรณีสภาพอากาศไม่ดี กรุณาสวมรองเท้าที่เดินสะดวก',
];

export const PRODUCT_TEXTS = {
  entry: {
    type: 'time',
    name: [
      '日時指定入場券',
      'Timed entry ticket',
      '指定时段入场券',
      '시간 지정 입장권',
      '指定時段入場券',
      'บัตรเข้าชมแบบระบุเวลา',
    ],
    description: [
      'ご希望の日時に入場いただける日時指定券です。入場後は閉館まで時間制限なくお楽しみいただけます。',
      'Enter at the date and time you choose. Once inside, stay as long as you like until closing.',
      '可在您选择的日期和时段入场。入场后可一直游览至闭馆。',
      '선택하신 날짜와 시간에 입장할 수 있는 티켓입니다. 입장 후에는 폐관 시간까지 자유롭게 관람하실 수 있습니다.',
      '可在您選擇的日期和時段入場。入場後可一直參觀至閉館。',
      'เข้าชมได้ตามวันและเวลาที่คุณเลือก เมื่อเข้าไปแล้วสามารถชมได้จนถึงเวลาปิด',
    ],
    caution: NO_REFUND_CAUTION,
  },
  night: {
    type: 'time',
    name: [
      '夜間入場券',
      'Night entry ticket',
      '夜间入场券',
      '야간 입장권',
      '夜間入場券',
      'บัตรเข้าชมรอบกลางคืน',
    ],
    description: [
      '日没後の特別な光の演出をお楽しみいただける夜間限定の入場券です。',
      'An evening-only ticket for the special light works shown after sunset.',
      '仅限夜间的入场券,可欣赏日落后的特别灯光作品。',
      '해가 진 후의 특별한 빛 연출을 즐길 수 있는 야간 한정 입장권입니다.',
      '僅限夜間的入場券,可欣賞日落後的特別燈光作品。',
      'บัตรเข้าชมเฉพาะรอบค่ำ สำหรับชมผลงานแสงพิเศษหลังพระอาทิตย์ตก',
    ],
    caution: OUTDOOR_CAUTION,
  },
  annual: {
    type: 'period',
    name: ['年間パスポート', 'Annual pass', '年票', '연간 패스', '年票', 'บัตรรายปี'],
    description: [
      '選んだ月の初日から1年間、何度でもご入場いただけます。',
      'Unlimited entry for one year from the first day of the month you choose.',
      '自所选月份首日起一年内可无限次入场。',
      '선택한 달의 1일부터 1년간 몇 번이든 입장하실 수 있습니다.',
      '自所選月份首日起一年內可無限次入場。',
      'เข้าชมได้ไม่จำกัดครั้งเป็นเวลาหนึ่งปีนับจากวันแรกของเดือนที่เลือก',
    ],
    caution: [
      'ご本人様のみ有効です。入場時に身分証明書の提示をお願いする場合があります。',
      'Valid for the holder only. You may be asked to show ID at entry.',
      '仅限本人使用。入场时可能需要出示身份证件。',
      '본인만 사용할 수 있습니다. 입장 시 신분증 제시를 요청할 수 있습니다.',
      '僅限本人使用。入場時可能需要出示身分證件。',
      'ใช้ได้เฉพาะผู้ถือบัตรเท่านั้น อาจขอให้แสดงบัตรประจำตัวเมื่อเข้าชม',
    ],
  },
  freePreview: {
    type: 'time',
    name: ['無料プレビュー', 'Free preview', '免费预览', '무료 프리뷰', '免費預覽', 'รอบพรีวิวฟรี'],
    description: [
      '展示の一部を無料でご覧いただける事前予約制のプレビューです。',
      'A free, reservation-only preview of part of the exhibition.',
      '需预约的免费预览,可参观部分展品。',
      '전시 일부를 무료로 관람할 수 있는 사전 예약제 프리뷰입니다.',
      '需預約的免費預覽,可參觀部分展品。',
      'รอบพรีวิวฟรีแบบต้องจองล่วงหน้า ชมนิทรรศการบางส่วน',
    ],
    caution: [
      'お一人様1回の予約に限ります。',
      'One reservation per person.',
      '每人限预约一次。',
      '1인 1회 예약에 한합니다.',
      '每人限預約一次。',
      'จำกัดการจองหนึ่งครั้งต่อคน',
    ],
  },
  museumAdmission: {
    type: 'time',
    name: [
      '展覧会 日時指定券',
      'Exhibition admission (timed)',
      '展览指定时段门票',
      '전시 시간 지정 입장권',
      '展覽指定時段門票',
      'บัตรเข้าชมนิทรรศการแบบระบุเวลา',
    ],
    description: [
      'コレクション展と企画展の両方をご覧いただけます。',
      'Admission to both the collection galleries and the special exhibition.',
      '可参观馆藏展与特别展。',
      '소장품전과 기획전을 모두 관람하실 수 있습니다.',
      '可參觀館藏展與特展。',
      'เข้าชมได้ทั้งนิทรรศการจากคอลเลกชันและนิทรรศการพิเศษ',
    ],
    caution: [
      '高校生以下は無料ですが、日時指定の予約が必要です。再入館はできません。',
      'Free for high-school students and younger, but a timed reservation is required. No re-entry.',
      '高中生及以下免费,但需预约时段。不可再次入馆。',
      '고등학생 이하는 무료이나 시간 지정 예약이 필요합니다. 재입관은 불가합니다.',
      '高中生以下免費,但需預約時段。不可再次入館。',
      'นักเรียนมัธยมปลายและต่ำกว่าเข้าชมฟรี แต่ต้องจองรอบเวลา ไม่สามารถกลับเข้าชมซ้ำได้',
    ],
  },
  cafeSeat: {
    type: 'time',
    name: [
      'カフェ席予約(60分)',
      'Cafe seat (60 minutes)',
      '咖啡座位预约(60分钟)',
      '카페 좌석 예약(60분)',
      '咖啡座位預約(60分鐘)',
      'จองที่นั่งคาเฟ่ (60 นาที)',
    ],
    description: [
      '缶をモチーフにした空間で60分間お過ごしいただけます。ワンドリンク付き。',
      'Sixty minutes in our can-themed cafe space, with one drink included.',
      '在以罐子为主题的空间中享受60分钟,含一杯饮品。',
      '캔을 모티브로 한 공간에서 60분간 머무실 수 있습니다. 음료 1잔 포함.',
      '在以罐子為主題的空間中享受60分鐘,含一杯飲品。',
      'ใช้เวลา 60 นาทีในคาเฟ่ธีมกระป๋อง พร้อมเครื่องดื่มหนึ่งแก้ว',
    ],
    caution: [
      'ご予約時間を過ぎると席をお取りできない場合があります。',
      'Your seat may be released if you arrive after your reserved time.',
      '超过预约时间到店,座位可能无法保留。',
      '예약 시간이 지나면 좌석을 보장해 드리기 어려울 수 있습니다.',
      '超過預約時間到店,座位可能無法保留。',
      'หากมาถึงหลังเวลาที่จอง อาจไม่สามารถเก็บที่นั่งไว้ให้ได้',
    ],
  },
  afternoonTea: {
    type: 'time',
    name: ['アフタヌーンティー', 'Afternoon tea', '下午茶', '애프터눈 티', '下午茶', 'ชุดน้ำชายามบ่าย'],
    description: [
      '季節のスイーツとお茶を楽しむ90分のアフタヌーンティーです。',
      'A 90-minute afternoon tea with seasonal sweets.',
      '90分钟下午茶,搭配季节甜点。',
      '제철 디저트와 차를 즐기는 90분 애프터눈 티입니다.',
      '90分鐘下午茶,搭配季節甜點。',
      'ชุดน้ำชายามบ่าย 90 นาทีพร้อมขนมตามฤดูกาล',
    ],
    caution: [
      'アレルギーのある方はご来店時にスタッフへお知らせください。',
      'Please tell our staff about any allergies when you arrive.',
      '如有过敏,请在到店时告知工作人员。',
      '알레르기가 있으신 분은 방문 시 직원에게 알려 주세요.',
      '如有過敏,請於到店時告知工作人員。',
      'หากมีอาการแพ้อาหาร กรุณาแจ้งพนักงานเมื่อมาถึง',
    ],
  },
  day: {
    type: 'date',
    name: [
      '日付指定入場券',
      'Day admission',
      '日期指定入场券',
      '날짜 지정 입장권',
      '日期指定入場券',
      'บัตรเข้าชมแบบระบุวัน',
    ],
    description: [
      '選んだ日の開場時間中、いつでもご入場いただけます。',
      'Enter at any time during opening hours on the day you choose.',
      '可在所选日期的开放时间内随时入场。',
      '선택한 날의 개장 시간 중 언제든지 입장하실 수 있습니다.',
      '可在所選日期的開放時間內隨時入場。',
      'เข้าชมได้ทุกเวลาในช่วงเวลาทำการของวันที่เลือก',
    ],
    caution: [
      '最終入場は閉場の1時間前です。',
      'Last entry is one hour before closing.',
      '最后入场时间为闭馆前1小时。',
      '마지막 입장은 폐장 1시간 전입니다.',
      '最後入場時間為閉館前1小時。',
      'เข้าชมรอบสุดท้ายหนึ่งชั่วโมงก่อนปิด',
    ],
  },
  gardenNight: {
    type: 'time',
    name: [
      '夜間ライトアップ',
      'Evening illumination',
      '夜间灯光秀',
      '야간 라이트업',
      '夜間燈光秀',
      'ไลท์อัพยามค่ำ',
    ],
    description: [
      '光のアートで彩られた夜の植物園を散策できます。',
      'Stroll through the garden at night, lit by works of light art.',
      '漫步于光影艺术点亮的夜间植物园。',
      '빛의 아트로 물든 밤의 식물원을 산책하실 수 있습니다.',
      '漫步於光影藝術點亮的夜間植物園。',
      'เดินเล่นในสวนยามค่ำคืนที่ประดับด้วยศิลปะแห่งแสง',
    ],
    caution: OUTDOOR_CAUTION,
  },
} as const satisfies Record<string, ProductText>;
export type ProductKey = keyof typeof PRODUCT_TEXTS;

/** Ticket types (option values). */
export const TICKET_TYPES = {
  adult: ['大人', 'Adult', '成人', '성인', '成人', 'ผู้ใหญ่'],
  university: ['大学生・専門学校生', 'University student', '大学生', '대학생', '大學生', 'นักศึกษามหาวิทยาลัย'],
  youth: [
    '中学生・高校生',
    'Junior and senior high school student',
    '初高中生',
    '중고등학생',
    '國高中生',
    'นักเรียนมัธยม',
  ],
  child: [
    '子ども(3〜12歳)',
    'Child (3-12)',
    '儿童(3-12岁)',
    '어린이(3~12세)',
    '兒童(3-12歲)',
    'เด็ก (3-12 ปี)',
  ],
  infant: ['2歳以下', 'Age 2 and under', '2岁及以下', '2세 이하', '2歲以下', 'อายุ 2 ปีและต่ำกว่า'],
  senior: [
    'シニア(65歳以上)',
    'Senior (65+)',
    '长者(65岁以上)',
    '시니어(65세 이상)',
    '長者(65歲以上)',
    'ผู้สูงอายุ (65 ปีขึ้นไป)',
  ],
  highSchoolAndUnder: [
    '高校生以下',
    'High-school student and younger',
    '高中生及以下',
    '고등학생 이하',
    '高中生以下',
    'นักเรียนมัธยมปลายและต่ำกว่า',
  ],
  participant: ['参加者', 'Participant', '参加者', '참가자', '參加者', 'ผู้เข้าร่วม'],
} as const satisfies Record<string, Texts6>;
export type TicketTypeKey = keyof typeof TICKET_TYPES;

/** Add-ons sold with a main product. */
export const SET_PRODUCT_TEXTS = {
  audioGuide: {
    name: ['オーディオガイド', 'Audio guide', '语音导览', '오디오 가이드', '語音導覽', 'ออดิโอไกด์'],
    description: [
      '作品の背景を解説する音声ガイドです。',
      'An audio guide that tells the stories behind the works.',
      '讲解作品背景故事的语音导览。',
      '작품의 배경을 설명하는 오디오 가이드입니다.',
      '講解作品背景故事的語音導覽。',
      'ออดิโอไกด์เล่าเรื่องราวเบื้องหลังผลงาน',
    ],
  },
  drink: {
    name: ['ドリンク', 'Drink', '饮品', '음료', '飲品', 'เครื่องดื่ม'],
    description: [
      '館内カフェで使えるドリンク引換券です。',
      'A voucher for one drink at the venue cafe.',
      '可在馆内咖啡厅兑换一杯饮品的兑换券。',
      '관내 카페에서 사용할 수 있는 음료 교환권입니다.',
      '可在館內咖啡廳兌換一杯飲品的兌換券。',
      'คูปองแลกเครื่องดื่มหนึ่งแก้วที่คาเฟ่ภายในสถานที่',
    ],
  },
  teaSet: {
    name: ['ティーセット', 'Tea set', '茶点套餐', '티 세트', '茶點套餐', 'ชุดน้ำชา'],
    description: [
      '季節のお菓子と日本茶のセットです。',
      'Seasonal Japanese sweets with a pot of green tea.',
      '季节和果子配日本茶套餐。',
      '제철 화과자와 녹차 세트입니다.',
      '季節和菓子配日本茶套餐。',
      'ขนมญี่ปุ่นตามฤดูกาลพร้อมชาเขียวหนึ่งกา',
    ],
  },
  catalogue: {
    name: ['展覧会図録', 'Exhibition catalogue', '展览图录', '전시 도록', '展覽圖錄', 'สูจิบัตรนิทรรศการ'],
    description: [
      '展覧会の全作品を収録した公式図録です。会場でお受け取りください。',
      'The official catalogue of the exhibition, to collect at the venue.',
      '收录全部展品的官方图录,请在现场领取。',
      '전시 전 작품을 수록한 공식 도록입니다. 현장에서 수령해 주세요.',
      '收錄全部展品的官方圖錄,請於現場領取。',
      'สูจิบัตรอย่างเป็นทางการของนิทรรศการ รับได้ที่สถานที่จัดงาน',
    ],
  },
} as const satisfies Record<string, { name: Texts6; description: Texts6 }>;
export type SetProductKey = keyof typeof SET_PRODUCT_TEXTS;
