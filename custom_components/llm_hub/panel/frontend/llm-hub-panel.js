var Je=Object.defineProperty;var Pt=Object.getOwnPropertyDescriptor;var _=(i,t,e)=>()=>{if(e)throw e[0];try{return i&&(t=i(i=0)),t}catch(s){throw e=[s],s}};var Mt=(i,t)=>{for(var e in t)Je(i,e,{get:t[e],enumerable:!0})};var c=(i,t,e,s)=>{for(var r=s>1?void 0:s?Pt(t,e):t,a=i.length-1,n;a>=0;a--)(n=i[a])&&(r=(s?n(t,e,r):n(r))||r);return s&&r&&Je(t,e,r),r};var he,pe,we,ze,ee,We,y,qe,Ae,Se=_(()=>{"use strict";he=globalThis,pe=he.ShadowRoot&&(he.ShadyCSS===void 0||he.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&"replace"in CSSStyleSheet.prototype,we=Symbol(),ze=new WeakMap,ee=class{constructor(t,e,s){if(this._$cssResult$=!0,s!==we)throw Error("CSSResult is not constructable. Use `unsafeCSS` or `css` instead.");this.cssText=t,this.t=e}get styleSheet(){let t=this.o,e=this.t;if(pe&&t===void 0){let s=e!==void 0&&e.length===1;s&&(t=ze.get(e)),t===void 0&&((this.o=t=new CSSStyleSheet).replaceSync(this.cssText),s&&ze.set(e,t))}return t}toString(){return this.cssText}},We=i=>new ee(typeof i=="string"?i:i+"",void 0,we),y=(i,...t)=>{let e=i.length===1?i[0]:t.reduce((s,r,a)=>s+(n=>{if(n._$cssResult$===!0)return n.cssText;if(typeof n=="number")return n;throw Error("Value passed to 'css' function must be a 'css' function result: "+n+". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.")})(r)+i[a+1],i[0]);return new ee(e,i,we)},qe=(i,t)=>{if(pe)i.adoptedStyleSheets=t.map(e=>e instanceof CSSStyleSheet?e:e.styleSheet);else for(let e of t){let s=document.createElement("style"),r=he.litNonce;r!==void 0&&s.setAttribute("nonce",r),s.textContent=e.cssText,i.appendChild(s)}},Ae=pe?i=>i:i=>i instanceof CSSStyleSheet?(t=>{let e="";for(let s of t.cssRules)e+=s.cssText;return We(e)})(i):i});var Ot,Nt,Ut,It,Dt,jt,ue,Fe,Lt,Jt,te,se,me,He,j,re=_(()=>{"use strict";Se();Se();({is:Ot,defineProperty:Nt,getOwnPropertyDescriptor:Ut,getOwnPropertyNames:It,getOwnPropertySymbols:Dt,getPrototypeOf:jt}=Object),ue=globalThis,Fe=ue.trustedTypes,Lt=Fe?Fe.emptyScript:"",Jt=ue.reactiveElementPolyfillSupport,te=(i,t)=>i,se={toAttribute(i,t){switch(t){case Boolean:i=i?Lt:null;break;case Object:case Array:i=i==null?i:JSON.stringify(i)}return i},fromAttribute(i,t){let e=i;switch(t){case Boolean:e=i!==null;break;case Number:e=i===null?null:Number(i);break;case Object:case Array:try{e=JSON.parse(i)}catch{e=null}}return e}},me=(i,t)=>!Ot(i,t),He={attribute:!0,type:String,converter:se,reflect:!1,useDefault:!1,hasChanged:me};Symbol.metadata??=Symbol("metadata"),ue.litPropertyMetadata??=new WeakMap;j=class extends HTMLElement{static addInitializer(t){this._$Ei(),(this.l??=[]).push(t)}static get observedAttributes(){return this.finalize(),this._$Eh&&[...this._$Eh.keys()]}static createProperty(t,e=He){if(e.state&&(e.attribute=!1),this._$Ei(),this.prototype.hasOwnProperty(t)&&((e=Object.create(e)).wrapped=!0),this.elementProperties.set(t,e),!e.noAccessor){let s=Symbol(),r=this.getPropertyDescriptor(t,s,e);r!==void 0&&Nt(this.prototype,t,r)}}static getPropertyDescriptor(t,e,s){let{get:r,set:a}=Ut(this.prototype,t)??{get(){return this[e]},set(n){this[e]=n}};return{get:r,set(n){let h=r?.call(this);a?.call(this,n),this.requestUpdate(t,h,s)},configurable:!0,enumerable:!0}}static getPropertyOptions(t){return this.elementProperties.get(t)??He}static _$Ei(){if(this.hasOwnProperty(te("elementProperties")))return;let t=jt(this);t.finalize(),t.l!==void 0&&(this.l=[...t.l]),this.elementProperties=new Map(t.elementProperties)}static finalize(){if(this.hasOwnProperty(te("finalized")))return;if(this.finalized=!0,this._$Ei(),this.hasOwnProperty(te("properties"))){let e=this.properties,s=[...It(e),...Dt(e)];for(let r of s)this.createProperty(r,e[r])}let t=this[Symbol.metadata];if(t!==null){let e=litPropertyMetadata.get(t);if(e!==void 0)for(let[s,r]of e)this.elementProperties.set(s,r)}this._$Eh=new Map;for(let[e,s]of this.elementProperties){let r=this._$Eu(e,s);r!==void 0&&this._$Eh.set(r,e)}this.elementStyles=this.finalizeStyles(this.styles)}static finalizeStyles(t){let e=[];if(Array.isArray(t)){let s=new Set(t.flat(1/0).reverse());for(let r of s)e.unshift(Ae(r))}else t!==void 0&&e.push(Ae(t));return e}static _$Eu(t,e){let s=e.attribute;return s===!1?void 0:typeof s=="string"?s:typeof t=="string"?t.toLowerCase():void 0}constructor(){super(),this._$Ep=void 0,this.isUpdatePending=!1,this.hasUpdated=!1,this._$Em=null,this._$Ev()}_$Ev(){this._$ES=new Promise(t=>this.enableUpdating=t),this._$AL=new Map,this._$E_(),this.requestUpdate(),this.constructor.l?.forEach(t=>t(this))}addController(t){(this._$EO??=new Set).add(t),this.renderRoot!==void 0&&this.isConnected&&t.hostConnected?.()}removeController(t){this._$EO?.delete(t)}_$E_(){let t=new Map,e=this.constructor.elementProperties;for(let s of e.keys())this.hasOwnProperty(s)&&(t.set(s,this[s]),delete this[s]);t.size>0&&(this._$Ep=t)}createRenderRoot(){let t=this.shadowRoot??this.attachShadow(this.constructor.shadowRootOptions);return qe(t,this.constructor.elementStyles),t}connectedCallback(){this.renderRoot??=this.createRenderRoot(),this.enableUpdating(!0),this._$EO?.forEach(t=>t.hostConnected?.())}enableUpdating(t){}disconnectedCallback(){this._$EO?.forEach(t=>t.hostDisconnected?.())}attributeChangedCallback(t,e,s){this._$AK(t,s)}_$ET(t,e){let s=this.constructor.elementProperties.get(t),r=this.constructor._$Eu(t,s);if(r!==void 0&&s.reflect===!0){let a=(s.converter?.toAttribute!==void 0?s.converter:se).toAttribute(e,s.type);this._$Em=t,a==null?this.removeAttribute(r):this.setAttribute(r,a),this._$Em=null}}_$AK(t,e){let s=this.constructor,r=s._$Eh.get(t);if(r!==void 0&&this._$Em!==r){let a=s.getPropertyOptions(r),n=typeof a.converter=="function"?{fromAttribute:a.converter}:a.converter?.fromAttribute!==void 0?a.converter:se;this._$Em=r;let h=n.fromAttribute(e,a.type);this[r]=h??this._$Ej?.get(r)??h,this._$Em=null}}requestUpdate(t,e,s,r=!1,a){if(t!==void 0){let n=this.constructor;if(r===!1&&(a=this[t]),s??=n.getPropertyOptions(t),!((s.hasChanged??me)(a,e)||s.useDefault&&s.reflect&&a===this._$Ej?.get(t)&&!this.hasAttribute(n._$Eu(t,s))))return;this.C(t,e,s)}this.isUpdatePending===!1&&(this._$ES=this._$EP())}C(t,e,{useDefault:s,reflect:r,wrapped:a},n){s&&!(this._$Ej??=new Map).has(t)&&(this._$Ej.set(t,n??e??this[t]),a!==!0||n!==void 0)||(this._$AL.has(t)||(this.hasUpdated||s||(e=void 0),this._$AL.set(t,e)),r===!0&&this._$Em!==t&&(this._$Eq??=new Set).add(t))}async _$EP(){this.isUpdatePending=!0;try{await this._$ES}catch(e){Promise.reject(e)}let t=this.scheduleUpdate();return t!=null&&await t,!this.isUpdatePending}scheduleUpdate(){return this.performUpdate()}performUpdate(){if(!this.isUpdatePending)return;if(!this.hasUpdated){if(this.renderRoot??=this.createRenderRoot(),this._$Ep){for(let[r,a]of this._$Ep)this[r]=a;this._$Ep=void 0}let s=this.constructor.elementProperties;if(s.size>0)for(let[r,a]of s){let{wrapped:n}=a,h=this[r];n!==!0||this._$AL.has(r)||h===void 0||this.C(r,void 0,a,h)}}let t=!1,e=this._$AL;try{t=this.shouldUpdate(e),t?(this.willUpdate(e),this._$EO?.forEach(s=>s.hostUpdate?.()),this.update(e)):this._$EM()}catch(s){throw t=!1,this._$EM(),s}t&&this._$AE(e)}willUpdate(t){}_$AE(t){this._$EO?.forEach(e=>e.hostUpdated?.()),this.hasUpdated||(this.hasUpdated=!0,this.firstUpdated(t)),this.updated(t)}_$EM(){this._$AL=new Map,this.isUpdatePending=!1}get updateComplete(){return this.getUpdateComplete()}getUpdateComplete(){return this._$ES}shouldUpdate(t){return!0}update(t){this._$Eq&&=this._$Eq.forEach(e=>this._$ET(e,this[e])),this._$EM()}updated(t){}firstUpdated(t){}};j.elementStyles=[],j.shadowRootOptions={mode:"open"},j[te("elementProperties")]=new Map,j[te("finalized")]=new Map,Jt?.({ReactiveElement:j}),(ue.reactiveElementVersions??=[]).push("2.1.2")});function st(i,t){if(!Oe(i)||!i.hasOwnProperty("raw"))throw Error("invalid template strings array");return Ke!==void 0?Ke.createHTML(t):t}function X(i,t,e=i,s){if(t===B)return t;let r=s!==void 0?e._$Co?.[s]:e._$Cl,a=ae(t)?void 0:t._$litDirective$;return r?.constructor!==a&&(r?._$AO?.(!1),a===void 0?r=void 0:(r=new a(i),r._$AT(i,e,s)),s!==void 0?(e._$Co??=[])[s]=r:e._$Cl=r),r!==void 0&&(t=X(i,r._$AS(i,t.values),r,s)),t}var Me,Be,_e,Ke,Ye,z,et,zt,H,oe,ae,Oe,Wt,Ee,ie,Ve,Ge,q,Xe,Ze,tt,Ne,o,as,ns,B,d,Qe,F,qt,ne,ke,le,Z,Te,Ce,Re,Pe,Ft,rt,ge=_(()=>{"use strict";Me=globalThis,Be=i=>i,_e=Me.trustedTypes,Ke=_e?_e.createPolicy("lit-html",{createHTML:i=>i}):void 0,Ye="$lit$",z=`lit$${Math.random().toFixed(9).slice(2)}$`,et="?"+z,zt=`<${et}>`,H=document,oe=()=>H.createComment(""),ae=i=>i===null||typeof i!="object"&&typeof i!="function",Oe=Array.isArray,Wt=i=>Oe(i)||typeof i?.[Symbol.iterator]=="function",Ee=`[ 	
\f\r]`,ie=/<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g,Ve=/-->/g,Ge=/>/g,q=RegExp(`>|${Ee}(?:([^\\s"'>=/]+)(${Ee}*=${Ee}*(?:[^ 	
\f\r"'\`<>=]|("|')|))|$)`,"g"),Xe=/'/g,Ze=/"/g,tt=/^(?:script|style|textarea|title)$/i,Ne=i=>(t,...e)=>({_$litType$:i,strings:t,values:e}),o=Ne(1),as=Ne(2),ns=Ne(3),B=Symbol.for("lit-noChange"),d=Symbol.for("lit-nothing"),Qe=new WeakMap,F=H.createTreeWalker(H,129);qt=(i,t)=>{let e=i.length-1,s=[],r,a=t===2?"<svg>":t===3?"<math>":"",n=ie;for(let h=0;h<e;h++){let l=i[h],m,g,f=-1,D=0;for(;D<l.length&&(n.lastIndex=D,g=n.exec(l),g!==null);)D=n.lastIndex,n===ie?g[1]==="!--"?n=Ve:g[1]!==void 0?n=Ge:g[2]!==void 0?(tt.test(g[2])&&(r=RegExp("</"+g[2],"g")),n=q):g[3]!==void 0&&(n=q):n===q?g[0]===">"?(n=r??ie,f=-1):g[1]===void 0?f=-2:(f=n.lastIndex-g[2].length,m=g[1],n=g[3]===void 0?q:g[3]==='"'?Ze:Xe):n===Ze||n===Xe?n=q:n===Ve||n===Ge?n=ie:(n=q,r=void 0);let J=n===q&&i[h+1].startsWith("/>")?" ":"";a+=n===ie?l+zt:f>=0?(s.push(m),l.slice(0,f)+Ye+l.slice(f)+z+J):l+z+(f===-2?h:J)}return[st(i,a+(i[e]||"<?>")+(t===2?"</svg>":t===3?"</math>":"")),s]},ne=class i{constructor({strings:t,_$litType$:e},s){let r;this.parts=[];let a=0,n=0,h=t.length-1,l=this.parts,[m,g]=qt(t,e);if(this.el=i.createElement(m,s),F.currentNode=this.el.content,e===2||e===3){let f=this.el.content.firstChild;f.replaceWith(...f.childNodes)}for(;(r=F.nextNode())!==null&&l.length<h;){if(r.nodeType===1){if(r.hasAttributes())for(let f of r.getAttributeNames())if(f.endsWith(Ye)){let D=g[n++],J=r.getAttribute(f).split(z),ce=/([.?@])?(.*)/.exec(D);l.push({type:1,index:a,name:ce[2],strings:J,ctor:ce[1]==="."?Te:ce[1]==="?"?Ce:ce[1]==="@"?Re:Z}),r.removeAttribute(f)}else f.startsWith(z)&&(l.push({type:6,index:a}),r.removeAttribute(f));if(tt.test(r.tagName)){let f=r.textContent.split(z),D=f.length-1;if(D>0){r.textContent=_e?_e.emptyScript:"";for(let J=0;J<D;J++)r.append(f[J],oe()),F.nextNode(),l.push({type:2,index:++a});r.append(f[D],oe())}}}else if(r.nodeType===8)if(r.data===et)l.push({type:2,index:a});else{let f=-1;for(;(f=r.data.indexOf(z,f+1))!==-1;)l.push({type:7,index:a}),f+=z.length-1}a++}}static createElement(t,e){let s=H.createElement("template");return s.innerHTML=t,s}};ke=class{constructor(t,e){this._$AV=[],this._$AN=void 0,this._$AD=t,this._$AM=e}get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}u(t){let{el:{content:e},parts:s}=this._$AD,r=(t?.creationScope??H).importNode(e,!0);F.currentNode=r;let a=F.nextNode(),n=0,h=0,l=s[0];for(;l!==void 0;){if(n===l.index){let m;l.type===2?m=new le(a,a.nextSibling,this,t):l.type===1?m=new l.ctor(a,l.name,l.strings,this,t):l.type===6&&(m=new Pe(a,this,t)),this._$AV.push(m),l=s[++h]}n!==l?.index&&(a=F.nextNode(),n++)}return F.currentNode=H,r}p(t){let e=0;for(let s of this._$AV)s!==void 0&&(s.strings!==void 0?(s._$AI(t,s,e),e+=s.strings.length-2):s._$AI(t[e])),e++}},le=class i{get _$AU(){return this._$AM?._$AU??this._$Cv}constructor(t,e,s,r){this.type=2,this._$AH=d,this._$AN=void 0,this._$AA=t,this._$AB=e,this._$AM=s,this.options=r,this._$Cv=r?.isConnected??!0}get parentNode(){let t=this._$AA.parentNode,e=this._$AM;return e!==void 0&&t?.nodeType===11&&(t=e.parentNode),t}get startNode(){return this._$AA}get endNode(){return this._$AB}_$AI(t,e=this){t=X(this,t,e),ae(t)?t===d||t==null||t===""?(this._$AH!==d&&this._$AR(),this._$AH=d):t!==this._$AH&&t!==B&&this._(t):t._$litType$!==void 0?this.$(t):t.nodeType!==void 0?this.T(t):Wt(t)?this.k(t):this._(t)}O(t){return this._$AA.parentNode.insertBefore(t,this._$AB)}T(t){this._$AH!==t&&(this._$AR(),this._$AH=this.O(t))}_(t){this._$AH!==d&&ae(this._$AH)?this._$AA.nextSibling.data=t:this.T(H.createTextNode(t)),this._$AH=t}$(t){let{values:e,_$litType$:s}=t,r=typeof s=="number"?this._$AC(t):(s.el===void 0&&(s.el=ne.createElement(st(s.h,s.h[0]),this.options)),s);if(this._$AH?._$AD===r)this._$AH.p(e);else{let a=new ke(r,this),n=a.u(this.options);a.p(e),this.T(n),this._$AH=a}}_$AC(t){let e=Qe.get(t.strings);return e===void 0&&Qe.set(t.strings,e=new ne(t)),e}k(t){Oe(this._$AH)||(this._$AH=[],this._$AR());let e=this._$AH,s,r=0;for(let a of t)r===e.length?e.push(s=new i(this.O(oe()),this.O(oe()),this,this.options)):s=e[r],s._$AI(a),r++;r<e.length&&(this._$AR(s&&s._$AB.nextSibling,r),e.length=r)}_$AR(t=this._$AA.nextSibling,e){for(this._$AP?.(!1,!0,e);t!==this._$AB;){let s=Be(t).nextSibling;Be(t).remove(),t=s}}setConnected(t){this._$AM===void 0&&(this._$Cv=t,this._$AP?.(t))}},Z=class{get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}constructor(t,e,s,r,a){this.type=1,this._$AH=d,this._$AN=void 0,this.element=t,this.name=e,this._$AM=r,this.options=a,s.length>2||s[0]!==""||s[1]!==""?(this._$AH=Array(s.length-1).fill(new String),this.strings=s):this._$AH=d}_$AI(t,e=this,s,r){let a=this.strings,n=!1;if(a===void 0)t=X(this,t,e,0),n=!ae(t)||t!==this._$AH&&t!==B,n&&(this._$AH=t);else{let h=t,l,m;for(t=a[0],l=0;l<a.length-1;l++)m=X(this,h[s+l],e,l),m===B&&(m=this._$AH[l]),n||=!ae(m)||m!==this._$AH[l],m===d?t=d:t!==d&&(t+=(m??"")+a[l+1]),this._$AH[l]=m}n&&!r&&this.j(t)}j(t){t===d?this.element.removeAttribute(this.name):this.element.setAttribute(this.name,t??"")}},Te=class extends Z{constructor(){super(...arguments),this.type=3}j(t){this.element[this.name]=t===d?void 0:t}},Ce=class extends Z{constructor(){super(...arguments),this.type=4}j(t){this.element.toggleAttribute(this.name,!!t&&t!==d)}},Re=class extends Z{constructor(t,e,s,r,a){super(t,e,s,r,a),this.type=5}_$AI(t,e=this){if((t=X(this,t,e,0)??d)===B)return;let s=this._$AH,r=t===d&&s!==d||t.capture!==s.capture||t.once!==s.once||t.passive!==s.passive,a=t!==d&&(s===d||r);r&&this.element.removeEventListener(this.name,this,s),a&&this.element.addEventListener(this.name,this,t),this._$AH=t}handleEvent(t){typeof this._$AH=="function"?this._$AH.call(this.options?.host??this.element,t):this._$AH.handleEvent(t)}},Pe=class{constructor(t,e,s){this.element=t,this.type=6,this._$AN=void 0,this._$AM=e,this.options=s}get _$AU(){return this._$AM._$AU}_$AI(t){X(this,t)}},Ft=Me.litHtmlPolyfillSupport;Ft?.(ne,le),(Me.litHtmlVersions??=[]).push("3.3.3");rt=(i,t,e)=>{let s=e?.renderBefore??t,r=s._$litPart$;if(r===void 0){let a=e?.renderBefore??null;s._$litPart$=r=new le(t.insertBefore(oe(),a),a,void 0,e??{})}return r._$AI(i),r}});var Ue,v,Ht,it=_(()=>{"use strict";re();re();ge();ge();Ue=globalThis,v=class extends j{constructor(){super(...arguments),this.renderOptions={host:this},this._$Do=void 0}createRenderRoot(){let t=super.createRenderRoot();return this.renderOptions.renderBefore??=t.firstChild,t}update(t){let e=this.render();this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),super.update(t),this._$Do=rt(e,this.renderRoot,this.renderOptions)}connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}render(){return B}};v._$litElement$=!0,v.finalized=!0,Ue.litElementHydrateSupport?.({LitElement:v});Ht=Ue.litElementPolyfillSupport;Ht?.({LitElement:v});(Ue.litElementVersions??=[]).push("4.2.2")});var ot=_(()=>{"use strict";});var P=_(()=>{"use strict";re();ge();it();ot()});var w,at=_(()=>{"use strict";w=i=>(t,e)=>{e!==void 0?e.addInitializer(()=>{customElements.define(i,t)}):customElements.define(i,t)}});function u(i){return(t,e)=>typeof e=="object"?Kt(i,t,e):((s,r,a)=>{let n=r.hasOwnProperty(a);return r.constructor.createProperty(a,s),n?Object.getOwnPropertyDescriptor(r,a):void 0})(i,t,e)}var Bt,Kt,Ie=_(()=>{"use strict";re();Bt={attribute:!0,type:String,converter:se,reflect:!1,hasChanged:me},Kt=(i=Bt,t,e)=>{let{kind:s,metadata:r}=e,a=globalThis.litPropertyMetadata.get(r);if(a===void 0&&globalThis.litPropertyMetadata.set(r,a=new Map),s==="setter"&&((i=Object.create(i)).wrapped=!0),a.set(e.name,i),s==="accessor"){let{name:n}=e;return{set(h){let l=t.get.call(this);t.set.call(this,h),this.requestUpdate(n,l,i,!0,h)},init(h){return h!==void 0&&this.C(n,void 0,i,h),h}}}if(s==="setter"){let{name:n}=e;return function(h){let l=this[n];t.call(this,h),this.requestUpdate(n,l,i,!0,h)}}throw Error("Unsupported decorator location: "+s)}});function p(i){return u({...i,state:!0,attribute:!1})}var nt=_(()=>{"use strict";Ie();});var lt=_(()=>{"use strict";});var K,Q=_(()=>{"use strict";K=(i,t,e)=>(e.configurable=!0,e.enumerable=!0,Reflect.decorate&&typeof t!="object"&&Object.defineProperty(i,t,e),e)});function dt(i,t){return(e,s,r)=>{let a=n=>n.renderRoot?.querySelector(i)??null;if(t){let{get:n,set:h}=typeof s=="object"?e:r??(()=>{let l=Symbol();return{get(){return this[l]},set(m){this[l]=m}}})();return K(e,s,{get(){let l=n.call(this);return l===void 0&&(l=a(this),(l!==null||this.hasUpdated)&&h.call(this,l)),l}})}return K(e,s,{get(){return a(this)}})}}var ct=_(()=>{"use strict";Q();});var ht=_(()=>{"use strict";Q();});var pt=_(()=>{"use strict";Q();});var ut=_(()=>{"use strict";Q();});var mt=_(()=>{"use strict";Q();});var N=_(()=>{"use strict";at();Ie();nt();lt();ct();ht();pt();ut();mt()});function De(i){history.pushState(null,"",i),window.dispatchEvent(new CustomEvent("location-changed",{detail:{replace:!1}}))}function M(i){i.stopPropagation(),!(i.ctrlKey||i.metaKey||i.shiftKey||i.button!==0)&&(i.preventDefault(),De(i.currentTarget.getAttribute("href")))}function fe(i){return Vt[i]??i}function ve(i,t,e){return e?e===i.user?.id?`${i.user.name} (you)`:t.find(s=>s.id===e)?.name??e:"–"}function be(i){return i?i.mode==="search"?"Search":i.mode==="search_over_limit"?i.active?"Search over the limit (searching now)":"Search over the limit (all tools now)":"All tools":"–"}function b(i){return i==null?"–":i.toLocaleString()}function W(i){let t=i.split(/(?<=[_.])(?![_.])/);return o`${t.map((e,s)=>o`${s?o`<wbr />`:d}${e}`)}`}function _t(i){if(!i)return[];let t=[];return i.read_only?t.push(o`<span class="badge info">read-only</span>`):(i.destructive&&t.push(o`<span class="badge error">destructive</span>`),i.idempotent&&t.push(o`<span class="badge">idempotent</span>`)),i.open_world&&t.push(o`<span class="badge warning">open world</span>`),t}function $e(i){return o`<span class="badge ${i==="ok"?"success":i==="needs_confirmation"?"warning":"error"}">${i.replace("_"," ")}</span>`}var Vt,A,U=_(()=>{"use strict";P();Vt={llm_hub:"Test bench",mcp_server:"MCP Server"};A=y`
  :host {
    display: block;
    color: var(--primary-text-color);
    font-family: var(--ha-font-family-body, Roboto, Noto, sans-serif);
    font-size: 14px;
  }
  a {
    color: var(--primary-color);
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  .card {
    background: var(--ha-card-background, var(--card-background-color, #fff));
    border-radius: var(--ha-card-border-radius, 12px);
    border: var(--ha-card-border-width, 1px) solid var(--ha-card-border-color, var(--divider-color, #e0e0e0));
    box-shadow: var(--ha-card-box-shadow, none);
    padding: 16px;
    margin-bottom: 16px;
  }
  .card h2 {
    margin: 0 0 12px;
    font-size: 20px;
    font-weight: 400;
  }
  .secondary {
    color: var(--secondary-text-color);
  }
  .table-wrap {
    overflow-x: auto;
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  td code {
    overflow-wrap: break-word;
  }
  th,
  td {
    text-align: left;
    padding: 8px;
    border-bottom: 1px solid var(--divider-color);
    vertical-align: top;
  }
  th {
    font-weight: 500;
    color: var(--secondary-text-color);
    white-space: nowrap;
  }
  td.number,
  th.number {
    text-align: right;
    white-space: nowrap;
  }
  tr.clickable {
    cursor: pointer;
  }
  tr.clickable:hover,
  tr.open {
    background: var(--secondary-background-color);
  }
  tr.hidden-tool td {
    color: var(--secondary-text-color);
  }
  .badge {
    display: inline-block;
    padding: 1px 8px;
    margin: 1px 4px 1px 0;
    border-radius: 10px;
    font-size: 12px;
    line-height: 18px;
    white-space: nowrap;
    border: 1px solid var(--divider-color);
    color: var(--primary-text-color);
  }
  .badge.info {
    border-color: var(--info-color, #039be5);
    color: var(--info-color, #039be5);
  }
  .badge.success {
    border-color: var(--success-color, #43a047);
    color: var(--success-color, #43a047);
  }
  .badge.warning {
    border-color: var(--warning-color, #ffa600);
    color: var(--warning-color, #ffa600);
  }
  .badge.error {
    border-color: var(--error-color, #db4437);
    color: var(--error-color, #db4437);
  }
  .alert {
    padding: 8px 12px;
    border-radius: 8px;
    border-left: 4px solid var(--warning-color, #ffa600);
    background: var(--secondary-background-color);
    margin-bottom: 12px;
  }
  .alert.error {
    border-left-color: var(--error-color, #db4437);
  }
  pre,
  code {
    font-family: var(--ha-font-family-code, var(--code-font-family, monospace));
    font-size: 12px;
  }
  pre {
    background: var(--secondary-background-color);
    color: var(--primary-text-color);
    padding: 8px 12px;
    border-radius: 8px;
    overflow: auto;
    white-space: pre-wrap;
    word-break: break-word;
    margin: 4px 0 8px;
  }
  input,
  select,
  textarea,
  button {
    font: inherit;
    color: var(--primary-text-color);
    background: var(--card-background-color, var(--primary-background-color));
    border: 1px solid var(--divider-color);
    border-radius: 6px;
    padding: 6px 8px;
  }
  textarea {
    width: 100%;
    box-sizing: border-box;
    min-height: 80px;
  }
  button {
    cursor: pointer;
  }
  button.primary {
    background: var(--primary-color);
    color: var(--text-primary-color, #fff);
    border-color: var(--primary-color);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    margin-bottom: 12px;
  }
  .grow {
    flex: 1;
  }
  .figures {
    display: flex;
    flex-wrap: wrap;
    gap: 24px;
    margin-bottom: 8px;
  }
  .figure .value {
    font-size: 22px;
  }
  .figure .label {
    color: var(--secondary-text-color);
    font-size: 12px;
  }
`});var R,Y=_(()=>{"use strict";R=class{constructor(t){this._host=t;this._start=performance.now()}restart(){this._start=performance.now(),delete this._host.dataset.renderMs}async done(){await this._host.updateComplete,await new Promise(t=>requestAnimationFrame(()=>setTimeout(t))),this._host.dataset.renderMs=(performance.now()-this._start).toFixed(0)}}});function S(i){if(i&&typeof i=="object"&&"message"in i){let{code:t,message:e}=i;return t?`${t}: ${e}`:String(e)}return String(i)}var V=_(()=>{"use strict"});var Gt,C,gt=_(()=>{"use strict";P();N();U();Y();V();Gt=["ok","error","refused","needs_confirmation"],C=class extends v{constructor(){super(...arguments);this.users=[];this._hub="";this._tool="";this._user="";this._outcome="";this._timer=new R(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._unsubscribe=this.hass.connection.subscribeMessage(e=>{let s=this._calls===void 0;this._calls=[...e.calls.reverse(),...this._calls??[]].slice(0,500),s&&this._timer.done()},{type:"llm_hub/activity/subscribe"}),this._unsubscribe.catch(e=>{this._error=S(e)})}disconnectedCallback(){super.disconnectedCallback(),this._unsubscribe?.then(e=>e()).catch(()=>{}),this._unsubscribe=void 0,this._calls=void 0}_userName(e){return ve(this.hass,this.users,e)}render(){if(this._error)return o`<div class="alert error">${this._error}</div>`;if(!this._calls)return o`<div class="secondary">Loading…</div>`;let e=this._calls,s=[...new Map(e.map(l=>[l.api_id,l.api_name])).entries()],r=[...new Set(e.map(l=>l.user_id??""))],a=this._tool.trim().toLowerCase(),n=e.filter(l=>(!this._hub||l.api_id===this._hub)&&(!this._user||(l.user_id??"")===this._user)&&(!this._outcome||l.outcome===this._outcome)&&(!a||l.tool_name.toLowerCase().includes(a)||l.original_tool_name.toLowerCase().includes(a))),h=l=>m=>{this[l]=m.target.value};return o`<div class="card">
      <h2>Activity</h2>
      <div class="toolbar">
        <select name="hub" @change=${h("_hub")}>
          <option value="">All hubs</option>
          ${s.map(([l,m])=>o`<option value=${l}>${m}</option>`)}
        </select>
        <input
          name="tool"
          type="search"
          placeholder="Tool"
          .value=${this._tool}
          @input=${l=>this._tool=l.target.value}
        />
        <select name="user" @change=${h("_user")}>
          <option value="">All users</option>
          ${r.map(l=>o`<option value=${l}>${this._userName(l||null)}</option>`)}
        </select>
        <select name="outcome" @change=${h("_outcome")}>
          <option value="">All outcomes</option>
          ${Gt.map(l=>o`<option value=${l}>${l.replace("_"," ")}</option>`)}
        </select>
        <span class="grow"></span>
        <span class="secondary live">● live</span>
      </div>
      ${n.length===0?o`<p class="secondary">
            ${e.length?"No call matches.":"No tool calls through a hub yet."}
          </p>`:o`<div class="table-wrap"><table>
            <thead>
              <tr>
                <th>Time</th>
                <th>Hub</th>
                <th>Tool</th>
                <th>User</th>
                <th>From</th>
                <th>Outcome</th>
                <th class="number">Duration</th>
              </tr>
            </thead>
            <tbody>
              ${n.map(l=>this._row(l))}
            </tbody>
          </table></div>`}
    </div>`}_row(e){return o`<tr data-call=${e.tool_call_id}>
      <td class="time">${new Date(e.time).toLocaleString()}</td>
      <td>${e.api_name}</td>
      <td>
        <code>${W(e.tool_name)}</code>
        ${e.original_tool_name!==e.tool_name?o`<div class="secondary"><code>${W(e.original_tool_name)}</code></div>`:d}
        ${e.arguments?o`<pre class="arguments">${JSON.stringify(e.arguments)}</pre>`:d}
        ${e.error?o`<div class="error-text">${e.error}</div>`:d}
      </td>
      <td>${this._userName(e.user_id)}</td>
      <td>${e.agent_id??fe(e.platform)}</td>
      <td>${$e(e.outcome)}</td>
      <td class="number">${e.duration_ms.toLocaleString()} ms</td>
    </tr>`}};C.styles=[A,y`
      .live {
        color: var(--success-color, #43a047);
      }
      .time {
        white-space: nowrap;
      }
      .arguments {
        margin: 4px 0 0;
        padding: 2px 6px;
      }
      .error-text {
        color: var(--error-color);
        font-size: 12px;
      }
    `],c([u({attribute:!1})],C.prototype,"hass",2),c([u({attribute:!1})],C.prototype,"users",2),c([p()],C.prototype,"_calls",2),c([p()],C.prototype,"_error",2),c([p()],C.prototype,"_hub",2),c([p()],C.prototype,"_tool",2),c([p()],C.prototype,"_user",2),c([p()],C.prototype,"_outcome",2),C=c([w("llm-hub-activity")],C)});function ft(i,t){let e=Math.max(0,Math.round((Date.parse(i)-t)/1e3)),[s,r,a]=[Math.floor(e/3600),Math.floor(e/60)%60,e%60],n=h=>String(h).padStart(2,"0");return s?`${s}:${n(r)}:${n(a)}`:`${r}:${n(a)}`}function de(i){return new Date(i).toLocaleTimeString()}var Xt,E,vt=_(()=>{"use strict";P();N();U();Y();V();Xt={pending:"warning",approved:"success",used:"success",denied:"error",expired:""};E=class extends v{constructor(){super(...arguments);this.users=[];this.prefix="/llm_hub";this.hubLinks=!0;this._busy=new Set;this._failed=new Map;this._now=Date.now();this._timer=new R(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._unsubscribe=this.hass.connection.subscribeMessage(e=>{let s=this._approvals===void 0;this._approvals=e.approvals,s&&this._timer.done()},{type:"llm_hub/approvals/subscribe"}),this._unsubscribe.catch(e=>{this._error=S(e)}),this._tick=window.setInterval(()=>{this._approvals?.some(e=>e.status==="pending"||e.status==="approved")&&(this._now=Date.now())},1e3)}disconnectedCallback(){super.disconnectedCallback(),window.clearInterval(this._tick),this._unsubscribe?.then(e=>e()).catch(()=>{}),this._unsubscribe=void 0,this._approvals=void 0}async _decide(e,s){let r=e.approval_id;this._busy=new Set(this._busy).add(r);let a=new Map(this._failed);a.delete(r);try{await this.hass.callWS({type:s?"llm_hub/approvals/approve":"llm_hub/approvals/deny",approval_id:r})}catch(h){a.set(r,S(h))}this._failed=a;let n=new Set(this._busy);n.delete(r),this._busy=n}_who(e){return e?ve(this.hass,this.users,e):"a caller without a user"}render(){if(this._error)return o`<div class="alert error">${this._error}</div>`;if(!this._approvals)return o`<div class="secondary">Loading…</div>`;let e=this._approvals.filter(r=>r.status==="pending"),s=this._approvals.filter(r=>r.status!=="pending").sort((r,a)=>(a.decided??a.expires).localeCompare(r.decided??r.expires));return o`<div class="card">
        <div class="toolbar">
          <h2 class="grow">Approvals</h2>
          <span class="secondary live">● live</span>
        </div>
        ${e.length?e.map(r=>this._approval(r)):o`<p class="secondary empty">
              No tool call waits for approval. When a hub's tool needs confirming (its options
              → Safety) and the call comes from no conversation — an MCP client, an automation,
              the websocket — it waits here until an administrator or the user it runs as
              approves or denies it.
            </p>`}
      </div>
      ${s.length?o`<div class="card decided-card">
            <h2>Decided</h2>
            ${s.map(r=>this._approval(r))}
          </div>`:d}`}_approval(e){let s=e.approval_id,r=e.status==="pending",a=Object.keys(e.arguments).length?o`<pre class="arguments">${JSON.stringify(e.arguments,null,2)}</pre>`:o`<div class="secondary">No arguments.</div>`,n=this._failed.get(s);return o`<div class=${r?"approval":"approval done"} data-approval=${s}
      data-status=${e.status}>
      <div class="head">
        <code class="tool">${W(e.tool_name)}</code>
        <span class="secondary">through</span>
        ${this.hubLinks?o`<a href=${`${this.prefix}/hub/${e.api_id}`} @click=${M}
              >${e.hub_name}</a
            >`:o`<span class="hub">${e.hub_name}</span>`}
        <span class="badge ${Xt[e.status]} status">${e.status}</span>
        <span class="grow"></span>
        ${this._countdown(e)}
      </div>
      <div class="secondary meta">
        Asked by <span class="asked-by">${this._who(e.user_id)}</span> through
        ${fe(e.platform)} at ${de(e.created)}.
        ${this._decision(e)}
      </div>
      ${e.targets?.length?o`<div class="targets">
            Acts on: ${e.targets.map((h,l)=>o`${l?", ":""}<b>${h}</b>`)}
          </div>`:d}
      ${a}
      ${n?o`<div class="alert error">${n}</div>`:d}
      ${r?o`<div class="actions">
            <button
              class="primary approve"
              ?disabled=${this._busy.has(s)}
              @click=${()=>this._decide(e,!0)}
            >
              Approve
            </button>
            <button
              class="deny"
              ?disabled=${this._busy.has(s)}
              @click=${()=>this._decide(e,!1)}
            >
              Deny
            </button>
          </div>`:d}
    </div>`}_countdown(e){let s=de(e.expires);return e.status==="pending"?o`<span class="countdown" title=${`Until ${s}`}
        >Expires in ${ft(e.expires,this._now)}</span
      >`:e.status==="approved"?o`<span class="countdown" title=${`Until ${s}`}
        >Call within ${ft(e.expires,this._now)}</span
      >`:d}_decision(e){let s=e.decided_by?this._who(e.decided_by):"",r=e.decided?de(e.decided):"";switch(e.status){case"approved":return o`Approved by <span class="decided-by">${s}</span> at ${r}; the tool runs
          when the model calls again with the approval id.`;case"used":return o`Approved by <span class="decided-by">${s}</span> at ${r}; the tool
          ran.`;case"denied":return o`Denied by <span class="decided-by">${s}</span> at ${r}.`;case"expired":return e.decided_by?o`Approved by <span class="decided-by">${s}</span> at ${r}, not called in
              time: expired at ${de(e.expires)}.`:o`Nobody decided: expired at ${de(e.expires)}.`;default:return d}}};E.styles=[A,y`
      .toolbar h2 {
        margin: 0;
      }
      .live {
        color: var(--success-color, #43a047);
      }
      .empty {
        max-width: 720px;
      }
      .approval {
        padding: 12px 0;
        border-top: 1px solid var(--divider-color);
      }
      .toolbar + .approval,
      h2 + .approval {
        border-top: none;
      }
      .approval.done {
        opacity: 0.65;
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 6px;
        margin-bottom: 4px;
      }
      .tool {
        font-size: 14px;
        font-weight: 500;
      }
      .countdown {
        font-variant-numeric: tabular-nums;
        color: var(--secondary-text-color);
      }
      .approval:not(.done) .countdown {
        color: var(--warning-color, #ffa600);
      }
      .meta {
        margin-bottom: 4px;
      }
      .arguments {
        max-height: 240px;
      }
      .actions {
        display: flex;
        gap: 8px;
      }
      .actions button {
        min-width: 96px;
      }
      button.deny {
        color: var(--error-color, #db4437);
        border-color: var(--error-color, #db4437);
      }
    `],c([u({attribute:!1})],E.prototype,"hass",2),c([u({attribute:!1})],E.prototype,"users",2),c([u()],E.prototype,"prefix",2),c([u({type:Boolean})],E.prototype,"hubLinks",2),c([p()],E.prototype,"_approvals",2),c([p()],E.prototype,"_error",2),c([p()],E.prototype,"_busy",2),c([p()],E.prototype,"_failed",2),c([p()],E.prototype,"_now",2),E=c([w("llm-hub-approvals")],E)});function bt(i){return typeof i=="object"&&i!==null&&i.error==="MatchFailedError"}var ye,x,I,je=_(()=>{"use strict";P();N();U();V();ye={title:"Scope",loading:"Loading…",none:"No scope: the hub reaches every entity exposed to Assist, for every user.",narrows:"The hub reaches only these entities; a scope never widens what is exposed to Assist.",areas:"Areas",floors:"Floors",labels:"Labels",domains:"Domains",entities:"Entities",excluded:"Left out",users:"Users",everyone:"every user",adminsOnly:"administrators only",gone:"(no longer exists)",reaches:(i,t)=>`reaches ${b(i)} of ${b(t)} exposed entities`,showList:"Entities the hub reaches",filter:"Filter by name, entity id or area",noArea:"no area",noneReached:"None: nothing exposed to Assist is in this scope.",refused:"refused",refusal:"Home Assistant's answer for an entity that is not exposed to Assist: no entity the call names is exposed, or within this hub's scope. Nothing was changed."},x=ye;I=class extends v{constructor(){super(...arguments);this.entryId="";this._filter=""}willUpdate(e){e.has("entryId")&&this.entryId&&(this._scope=void 0,this._load())}async _load(){try{this._scope=await this.hass.callWS({type:"llm_hub/hub/scope",entry_id:this.entryId}),this._error=void 0}catch(e){this._error=S(e)}}render(){let e=this._scope;return o`<div class="card scope">
      <h2>${x.title}</h2>
      ${this._error?o`<div class="alert error">${this._error}</div>`:e?this._body(e):o`<div class="secondary">${x.loading}</div>`}
    </div>`}_body(e){let s=e.allowed_users.length||e.admins_only;return o`
      <p class="reaches"><strong>${x.reaches(e.reached.length,e.exposed)}</strong></p>
      ${e.empty&&!s?o`<p class="secondary">${x.none}</p>`:o`${e.empty?d:o`<p class="secondary">${x.narrows}</p>`}
            <table class="names">
              ${this._row(x.areas,e.areas)} ${this._row(x.floors,e.floors)}
              ${this._row(x.labels,e.labels)}
              ${this._row(x.domains,e.domains.map(r=>({id:r,name:r})))}
              ${this._row(x.entities,e.entities)} ${this._row(x.excluded,e.excluded)}
              <tr>
                <th>${x.users}</th>
                <td data-part="users">
                  ${[...e.allowed_users.length?e.allowed_users.map(r=>this._name(r)):[x.everyone],...e.admins_only?[x.adminsOnly]:[]].map((r,a)=>o`${a?", ":""}${r}`)}
                </td>
              </tr>
            </table>`}
      <details class="reached">
        <summary>${x.showList} (${b(e.reached.length)})</summary>
        ${this._reached(e)}
      </details>
    `}_row(e,s){return s.length?o`<tr>
      <th>${e}</th>
      <td data-part=${e}>
        ${s.map((r,a)=>o`${a?", ":""}${this._name(r)}`)}
      </td>
    </tr>`:d}_name(e){return e.name===null?o`<code>${e.id}</code> <span class="badge warning">${x.gone}</span>`:o`<span title=${e.id}>${e.name}</span>`}_reached(e){if(!e.reached.length)return o`<p class="secondary">${x.noneReached}</p>`;let s=this._filter.trim().toLowerCase(),r=e.reached.filter(a=>!s||[a.id,a.name,a.area].some(n=>n?.toLowerCase().includes(s)));return o`<input
        type="search"
        placeholder=${x.filter}
        .value=${this._filter}
        @input=${a=>this._filter=a.target.value}
      />
      <ul class="entities">
        ${r.map(a=>o`<li data-entity=${a.id}>
              ${a.name??a.id} <code>${a.id}</code>
              <span class="secondary">${a.area??x.noArea}</span>
            </li>`)}
      </ul>`}};I.styles=[A,y`
      table.names th {
        text-align: left;
        padding-right: 16px;
        font-weight: 500;
        white-space: nowrap;
        vertical-align: top;
      }
      ul.entities {
        max-height: 320px;
        overflow: auto;
        padding-left: 20px;
      }
      details.reached input {
        margin: 8px 0;
        width: 100%;
        box-sizing: border-box;
      }
    `],c([u({attribute:!1})],I.prototype,"hass",2),c([u()],I.prototype,"entryId",2),c([p()],I.prototype,"_scope",2),c([p()],I.prototype,"_error",2),c([p()],I.prototype,"_filter",2),I=c([w("llm-hub-scope")],I)});async function Zt(){let i=window;if(typeof i.loadCardHelpers=="function"&&(await(await(await i.loadCardHelpers()).createCardElement({type:"entities",entities:[]}))?.constructor?.getConfigElement?.(),customElements.get("ha-form")))return;await customElements.whenDefined("partial-panel-resolver"),await document.createElement("partial-panel-resolver")._getRoutes?.([{component_name:"config",url_path:"llm-hub-tmp"}])?.routes?.["llm-hub-tmp"]?.load?.(),await customElements.whenDefined("ha-panel-config"),await document.createElement("ha-panel-config").routerOptions?.routes?.automation?.load?.()}function $t(){return customElements.get("ha-form")?Promise.resolve(!0):(Le??=Promise.race([Zt().catch(()=>{}).then(()=>customElements.whenDefined("ha-form")).then(()=>!0),new Promise(i=>setTimeout(()=>i(!1),5e3))]).then(i=>(i||(Le=void 0),i)),Le)}var Le,yt=_(()=>{"use strict"});function xe(i){return(Array.isArray(i.type)?i.type:[i.type]).find(e=>e&&e!=="null")}var k,xt=_(()=>{"use strict";P();N();U();yt();k=class extends v{constructor(){super(...arguments);this.selectors={};this._data={};this._raw={};this._errors={};this._asJson=!1;this._json="{}"}reset(){this._data={},this._haForm===!1&&customElements.get("ha-form")&&(this._haForm=!0),this._raw={},this._errors={},this._json="{}",this._asJson=!1}connectedCallback(){if(super.connectedCallback(),this._haForm!==void 0)return;let e=performance.now();this.dataset.formLoaded=customElements.get("ha-form")?"before":"by the panel",$t().then(s=>{this._haForm=s,this.dataset.form=s?"ha-form":"plain",this.dataset.formMs=String(Math.round(performance.now()-e))})}render(){let e=Object.entries(this.schema?.properties??{}),s=new Set(this.schema?.required??[]);return o`
      <label class="switch"
        ><input type="checkbox" .checked=${this._asJson} @change=${this._toggleJson} /> Edit the
        arguments as JSON</label
      >
      ${this._asJson?o`<textarea
            name="__json__"
            .value=${this._json}
            @input=${r=>{this._json=r.target.value,this._emit()}}
          ></textarea>`:e.length===0?o`<p class="secondary">This tool takes no arguments.</p>`:this._haForm===void 0?o`<p class="secondary">Loading the form…</p>`:this._haForm?this._renderHaForm(e,s):e.map(([r,a])=>this._field(r,a,s.has(r)))}
    `}_renderHaForm(e,s){let r=e.map(([n])=>({name:n,required:s.has(n),selector:this.selectors[n]??{object:{}}})),a=Object.fromEntries(e.map(([n,h])=>[n,h.description]));return o`<ha-form
      .hass=${this.hass}
      .data=${this._data}
      .schema=${r}
      .computeLabel=${n=>n.name}
      .computeHelper=${n=>a[n.name]}
      @value-changed=${n=>{n.stopPropagation(),this._data=n.detail.value,this._emit()}}
    ></ha-form>`}_field(e,s,r){let a=xe(s),n=this._raw[e]??"",h=g=>{this._raw={...this._raw,[e]:g},this._emit()},l=g=>h(g.target.value),m;return s.enum?m=o`<select name=${e} @change=${l}>
        <option value="" ?selected=${n===""}>—</option>
        ${s.enum.map(g=>o`<option value=${JSON.stringify(g)} ?selected=${n===JSON.stringify(g)}>
              ${String(g)}
            </option>`)}
      </select>`:a==="boolean"?m=o`<select name=${e} @change=${l}>
        <option value="" ?selected=${n===""}>—</option>
        <option value="true" ?selected=${n==="true"}>true</option>
        <option value="false" ?selected=${n==="false"}>false</option>
      </select>`:a==="integer"||a==="number"?m=o`<input
        name=${e}
        type="number"
        step=${a==="integer"?"1":"any"}
        min=${s.minimum??""}
        max=${s.maximum??""}
        .value=${n}
        @input=${l}
      />`:a==="string"?m=o`<input name=${e} type="text" .value=${n} @input=${l} />`:a==="array"&&xe(s.items??{})==="string"&&!s.items?.enum?m=o`<textarea
        name=${e}
        placeholder="One per line"
        .value=${n}
        @input=${l}
      ></textarea>`:m=o`<textarea
        name=${e}
        placeholder="JSON"
        .value=${n}
        @input=${l}
      ></textarea>`,o`<div class="field">
      <label
        ><code>${e}</code>${r?o`<span class="required">*</span>`:d}
        ${a?o`<span class="secondary">${a}</span>`:d}</label
      >
      ${m}
      ${s.description?o`<div class="secondary">${s.description}</div>`:d}
      ${this._errors[e]?o`<div class="error">${this._errors[e]}</div>`:d}
    </div>`}_args(){if(this._haForm)return Object.fromEntries(Object.entries(this._data).filter(([,r])=>r!==void 0&&r!==""));let e={},s={};for(let[r,a]of Object.entries(this.schema?.properties??{})){let n=this._raw[r];if(n===void 0||n==="")continue;let h=xe(a);try{a.enum||h==="boolean"?e[r]=JSON.parse(n):h==="integer"||h==="number"?e[r]=Number(n):h==="string"?e[r]=n:h==="array"&&xe(a.items??{})==="string"&&!a.items?.enum?e[r]=n.split(`
`).filter(l=>l.trim()):e[r]=JSON.parse(n)}catch{s[r]="Not valid JSON"}}return this._errors=s,e}_toggleJson(e){if(this._asJson=e.target.checked,this._asJson)this._json=JSON.stringify(this._args(),null,2);else if(this._haForm)try{let s=JSON.parse(this._json||"{}");s&&typeof s=="object"&&!Array.isArray(s)&&(this._data=s)}catch{}this._emit()}_emit(){let e;if(this._asJson)try{let s=JSON.parse(this._json||"{}");e=s&&typeof s=="object"&&!Array.isArray(s)?{value:s}:{error:"The arguments must be a JSON object"}}catch(s){e={error:`Not valid JSON: ${s.message}`}}else{let s=this._args();e=Object.keys(this._errors).length?{error:"Some fields are not valid"}:{value:s}}this.dispatchEvent(new CustomEvent("value-changed",{detail:e}))}};k.styles=[A,y`
      ha-form {
        display: block;
        max-width: 560px;
        margin-bottom: 12px;
      }
      .field {
        display: flex;
        flex-direction: column;
        gap: 4px;
        margin-bottom: 12px;
        max-width: 560px;
      }
      .required {
        color: var(--error-color);
        margin-left: 2px;
      }
      .error {
        color: var(--error-color);
      }
      .switch {
        display: block;
        margin-bottom: 12px;
      }
    `],c([u({attribute:!1})],k.prototype,"hass",2),c([u({attribute:!1})],k.prototype,"schema",2),c([u({attribute:!1})],k.prototype,"selectors",2),c([p()],k.prototype,"_haForm",2),c([p()],k.prototype,"_data",2),c([p()],k.prototype,"_raw",2),c([p()],k.prototype,"_errors",2),c([p()],k.prototype,"_asJson",2),c([p()],k.prototype,"_json",2),k=c([w("llm-hub-schema-form")],k)});var $,wt=_(()=>{"use strict";P();N();U();je();Y();xt();V();$=class extends v{constructor(){super(...arguments);this.users=[];this.apiId="";this.toolName="";this._api="";this._tool="";this._user="";this._args={};this._running=!1;this._timer=new R(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._start()}willUpdate(e){e.has("hass")&&!this._user&&this.hass?.user&&(this._user=this.hass.user.id)}async _start(){try{this._apis=await this.hass.callWS({type:"llm_hub/apis/list"});let e=this._apis.apis.filter(r=>r.tools!==null),s=e.find(r=>r.id===this.apiId)??e[0];s&&await this._loadApi(s.id,this.toolName)}catch(e){this._error=S(e)}await this._timer.done()}async _loadApi(e,s=""){this._api=e,this._description=void 0,this._result=void 0,this._description=await this.hass.callWS({type:"llm_hub/api/describe",api_id:e});let r=this._description.tools.filter(a=>!a.hidden);this._selectTool((r.find(a=>a.name===s)??r[0])?.name??"")}_selectTool(e){this._tool=e,this._args={},this._argsError=void 0,this._result=void 0,this._error=void 0,this._form?.reset()}render(){if(!this._apis)return this._error?o`<div class="alert error">${this._error}</div>`:o`<div class="secondary">Loading…</div>`;let e=this._description?.tools.filter(n=>!n.hidden)??[],s=e.find(n=>n.name===this._tool),r=this.hass.user,a=this.users.length?this.users:r?[{id:r.id,name:r.name}]:[];return o`
      <div class="card">
        <h2>Test bench</h2>
        <p class="secondary">
          Runs a tool the way a model's call runs it: through the API, with its checks, as the
          user you pick. Tools change things in your home for real.
        </p>
        <div class="pickers">
          <label
            >LLM API
            <select name="api" @change=${this._apiChanged}>
              ${this._apis.apis.filter(n=>n.tools!==null).map(n=>o`<option value=${n.id} ?selected=${n.id===this._api}>
                      ${n.name}${n.hub?"":" (not a hub)"}
                    </option>`)}
            </select></label
          >
          <label
            >Tool
            <select
              name="tool"
              @change=${n=>this._selectTool(n.target.value)}
            >
              ${e.map(n=>o`<option value=${n.name} ?selected=${n.name===this._tool}>
                    ${n.name}
                  </option>`)}
            </select></label
          >
          <label
            >Run as
            <select
              name="user"
              @change=${n=>this._user=n.target.value}
            >
              ${a.map(n=>o`<option value=${n.id} ?selected=${n.id===this._user}>
                    ${n.name}${n.id===r?.id?" (you)":""}
                  </option>`)}
            </select></label
          >
        </div>
      </div>
      ${s?o`<div class="card">
            <h2>${s.title||s.name}</h2>
            <p>${s.description}</p>
            <llm-hub-schema-form
              .hass=${this.hass}
              .schema=${s.parameters}
              .selectors=${s.selectors??{}}
              @value-changed=${this._argsChanged}
            ></llm-hub-schema-form>
            ${this._argsError?o`<div class="alert error">${this._argsError}</div>`:d}
            <button
              class="primary run"
              ?disabled=${this._running||!!this._argsError}
              @click=${this._run}
            >
              ${this._running?"Running…":"Run"}
            </button>
          </div>`:this._description?o`<div class="card secondary">This API lists no tools for you.</div>`:d}
      ${this._error?o`<div class="alert error result-error">${this._error}</div>`:d}
      ${this._result?this._renderResult(this._result):d}
    `}_renderResult(e){let s=JSON.stringify(e.result.data),r=this._apis?.chars_per_token??4,a=bt(e.result.data);return o`<div class="card result">
      <h2>Result</h2>
      <div class="figures">
        <div class="figure">
          <div class="value">
            ${a?o`<span class="badge error refusal">${ye.refused}</span>`:$e(e.outcome)}
          </div>
          <div class="label">outcome</div>
        </div>
        <div class="figure">
          <div class="value duration">${e.duration_ms.toLocaleString()} ms</div>
          <div class="label">time</div>
        </div>
        <div class="figure">
          <div class="value">${Math.ceil(s.length/r).toLocaleString()}</div>
          <div class="label">tokens (estimated)</div>
        </div>
      </div>
      ${a?o`<div class="alert refusal-text">
            ${e.result.data.error_text??""}.
            ${ye.refusal}
          </div>`:d}
      <div class="secondary">Result data:</div>
      <pre class="data">${JSON.stringify(e.result.data,null,2)}</pre>
      <div class="secondary">What the model reads (${s.length.toLocaleString()} characters):</div>
      <pre class="read">${s}</pre>
    </div>`}async _apiChanged(e){try{await this._loadApi(e.target.value)}catch(s){this._error=S(s)}}_argsChanged(e){this._argsError=e.detail.error,e.detail.value&&(this._args=e.detail.value)}async _run(){this._running=!0,this._result=void 0,this._error=void 0;try{this._result=await this.hass.callWS({type:"llm_hub/tool/call",api_id:this._api,tool_name:this._tool,tool_args:this._args,user_id:this._user||void 0})}catch(e){this._error=S(e)}finally{this._running=!1}}};$.styles=[A,y`
      .pickers {
        display: flex;
        flex-wrap: wrap;
        gap: 16px;
      }
      .pickers label {
        display: flex;
        flex-direction: column;
        gap: 4px;
        color: var(--secondary-text-color);
      }
      .pickers select {
        min-width: 220px;
        max-width: 420px;
      }
    `],c([u({attribute:!1})],$.prototype,"hass",2),c([u({attribute:!1})],$.prototype,"users",2),c([u()],$.prototype,"apiId",2),c([u()],$.prototype,"toolName",2),c([p()],$.prototype,"_apis",2),c([p()],$.prototype,"_description",2),c([p()],$.prototype,"_api",2),c([p()],$.prototype,"_tool",2),c([p()],$.prototype,"_user",2),c([p()],$.prototype,"_args",2),c([p()],$.prototype,"_argsError",2),c([p()],$.prototype,"_running",2),c([p()],$.prototype,"_result",2),c([p()],$.prototype,"_error",2),c([dt("llm-hub-schema-form")],$.prototype,"_form",2),$=c([w("llm-hub-bench")],$)});var Qt,Yt,T,At=_(()=>{"use strict";P();N();je();U();Y();V();Qt="llm_hub-",Yt=["APIs and instructions","Tools","Scope","Safety","Tool names and descriptions","Limits and logging","Tool search"],T=class extends v{constructor(){super(...arguments);this.apiId="";this.prefix="";this._filter="";this._showHidden=!0;this._providers={};this._timer=new R(this)}willUpdate(e){e.has("apiId")&&this.apiId&&(this._timer.restart(),this._description=void 0,this._providers={},this._open=void 0,this._load())}async _load(){try{this._description=await this.hass.callWS({type:"llm_hub/api/describe",api_id:this.apiId}),this._error=void 0}catch(e){this._error=S(e)}await this._timer.done()}render(){if(this._error)return o`<div class="alert error">${this._error}</div>`;let e=this._description;if(!e)return o`<div class="secondary">Loading…</div>`;let{api:s,size:r,search:a}=e,n=e.tools.filter(l=>l.hidden).length,h=s.hub?s.id.slice(Qt.length):void 0;return o`
      <div class="card">
        <div class="toolbar">
          <h2 class="grow">${s.name}</h2>
          <a href=${`${this.prefix}/bench?api=${encodeURIComponent(s.id)}`} @click=${M}
            ><button>Test bench</button></a
          >
        </div>
        <div class="figures">
          ${this._figure(b(r.tools),"tools listed")}
          ${a?this._figure(b(a.reachable),"tools reachable"):d}
          ${s.hub?this._figure(b(n),"hidden"):d}
          ${this._figure(b(r.prompt_chars+r.tools_chars),"characters")}
          ${this._figure(b(r.tokens),"tokens (estimated)")}
          ${r.max_tools!==void 0?this._figure(b(r.max_tools),"tool limit"):d}
        </div>
        ${a?o`<p class="mode">
              Tool mode: <strong>${be(a)}</strong>.
              ${a.active?o`The model is handed ${b(a.listed)} tools
                    (${a.meta_tools.join(", ")}${a.listed>a.meta_tools.length?", and the tools always listed":""})
                    and reaches all ${b(a.reachable)} through search.`:o`The model is handed all ${b(a.listed)} tools.`}
            </p>`:d}
        ${r.over_limit?o`<div class="alert">
              ${s.name} lists ${r.tools} tools, more than its limit of ${r.max_tools}:
              some models refuse that many. Leave tools out in its options.
            </div>`:d}
        ${r.over_client_limit?o`<div class="alert client-limit">
              ${s.name} lists ${r.tools} tools: some MCP clients, such as Cursor, keep only
              the first ${r.client_limit}.
              ${s.hub?"Choose a search mode under Tool search, or leave tools out under Tools.":""}
            </div>`:d}
        <div class="secondary"><code>${s.id}</code> · tokens: ${r.estimator}</div>
        ${h?o`<p>
              Options:
              ${Yt.map((l,m)=>o`${m?" · ":""}<a
                    href=${`/config/integrations/integration/llm_hub#config_entry=${h}`}
                    title="Settings → LLM Hub → ${s.name} → Configure → ${l}"
                    @click=${M}
                    >${l}</a
                  >`)}
            </p>`:d}
      </div>
      ${h?o`<llm-hub-scope .hass=${this.hass} .entryId=${h}></llm-hub-scope>`:d}
      <div class="card">
        <h2>Prompt</h2>
        <p class="secondary">What the model reads before your request (for you, in your language).</p>
        <pre class="prompt">${e.prompt||"(no prompt)"}</pre>
      </div>
      <div class="card tools-card">
        <h2>Tools</h2>
        <div class="toolbar">
          <input
            class="grow"
            type="search"
            placeholder="Filter by name, original name or source"
            .value=${this._filter}
            @input=${l=>this._filter=l.target.value}
          />
          ${s.hub?o`<label
                ><input
                  type="checkbox"
                  .checked=${this._showHidden}
                  @change=${l=>this._showHidden=l.target.checked}
                />
                Show hidden tools</label
              >`:d}
        </div>
        ${this._toolsTable(e.tools,s.hub,!!a?.active)}
      </div>
    `}_figure(e,s){return o`<div class="figure">
      <div class="value">${e}</div>
      <div class="label">${s}</div>
    </div>`}_toolsTable(e,s,r){let a=this._filter.trim().toLowerCase(),n=e.filter(h=>(this._showHidden||!h.hidden)&&(!a||[h.name,h.original_name,h.source.integration,h.source.api,h.source.api_name].some(l=>l?.toLowerCase().includes(a))));return o`<div class="table-wrap"><table class="tools">
      <thead>
        <tr>
          <th>Listed name</th>
          ${r?o`<th>Model gets</th>`:d}
          <th>Original name and source</th>
          <th>Annotations</th>
          ${s?o`<th>Confirmation</th>
                <th>Hidden</th>
                <th>Schema changes</th>`:d}
          <th class="number">Tokens</th>
        </tr>
      </thead>
      <tbody>
        ${n.map(h=>this._toolRow(h,s,r))}
      </tbody>
    </table></div>
    ${n.length===0?o`<p class="secondary">No tool matches.</p>`:d}`}_toolRow(e,s,r){let a=e.key??e.name,n=this._open===a,h=(s?7:4)+(r?1:0);return o`<tr
        class="clickable ${e.hidden?"hidden-tool":""} ${n?"open":""}"
        data-tool=${e.name}
        @click=${()=>this._toggle(e)}
      >
        <td>
          <code>${W(e.hidden?e.key??e.name:e.name)}</code>
          ${e.title?o`<div class="secondary">${e.title}</div>`:d}
        </td>
        ${r?o`<td class="listing">${this._listing(e)}</td>`:d}
        <td>
          <code>${W(e.original_name)}</code>
          <div class="secondary">${this._source(e)}</div>
        </td>
        <td>${_t(e.annotations)}</td>
        ${s?o`<td>
                ${e.confirm?o`<span class="badge warning">needs confirmation</span>
                      ${e.confirm_reason?o`<div class="secondary">${e.confirm_reason}</div>`:d}`:d}
              </td>
              <td class="reason">
                ${e.hidden?o`<span class="badge">hidden</span> ${e.hidden}`:d}
              </td>
              <td>
                ${e.schema_fixes?.length?o`<span class="badge info" title=${e.schema_fixes.join(`
`)}
                      >${e.schema_fixes.length} change${e.schema_fixes.length>1?"s":""}</span
                    >`:d}
              </td>`:d}
        <td class="number">${b(e.size.tokens)}</td>
      </tr>
      ${n?o`<tr class="details">
            <td colspan=${h}>${this._details(e)}</td>
          </tr>`:d}`}_listing(e){return e.hidden?d:e.meta?o`<span class="badge info">listed: tool search</span>`:e.listed?o`<span class="badge info">listed</span>`:o`<span class="badge">through search</span>`}_source(e){if(e.meta)return`tool search of ${e.source.api_name??e.source.api}`;let{integration:s}=e.source,r=e.source.api_name??e.source.api;return r&&s?`${s}, through ${r}`:r?`through ${r}`:s?`${s} (contributed)`:""}_details(e){let s=this._providers[e.name];return o`
      <p>${e.description||o`<span class="secondary">(no description)</span>`}</p>
      ${e.schema_fixes?.length?o`<div class="secondary">Schema changes made so every provider accepts it:</div>
            <ul>
              ${e.schema_fixes.map(r=>o`<li>${r}</li>`)}
            </ul>`:d}
      ${e.parameters_error?o`<div class="alert error">Parameters: ${e.parameters_error}</div>`:o`<div class="secondary">Parameters (JSON Schema, as agents convert them):</div>
            <pre>${JSON.stringify(e.parameters,null,2)}</pre>`}
      ${!e.hidden&&!e.listed?o`<p class="secondary">
            Not handed to the model: it finds this tool with search_tools and calls it through
            call_tool (call_read_only_tool for a read-only tool), with the same checks.
          </p>`:d}
      ${e.hidden||!e.listed?d:o`<div class="toolbar">
              <a
                href=${`${this.prefix}/bench?api=${encodeURIComponent(this.apiId)}&tool=${encodeURIComponent(e.name)}`}
                @click=${M}
                ><button class="primary">Try it in the test bench</button></a
              >
            </div>
            <div class="secondary">What each provider's agent in Home Assistant sends:</div>
            ${s===void 0?o`<div class="secondary">Loading…</div>`:typeof s=="string"?o`<div class="alert error">${s}</div>`:o`<div class="providers">
                    ${Object.entries(s.providers).map(([r,a])=>o`<div class="provider" data-provider=${r}>
                        <strong>${a.name}</strong>
                        ${a.error?o`<div class="secondary">${a.error}</div>`:o`<pre>${JSON.stringify(a.definition,null,2)}</pre>`}
                      </div>`)}
                  </div>`}`}
    `}async _toggle(e){let s=e.key??e.name;if(this._open=this._open===s?void 0:s,!(!this._open||e.hidden||!e.listed||this._providers[e.name]!==void 0))try{let r=await this.hass.callWS({type:"llm_hub/tool/providers",api_id:this.apiId,tool_name:e.name});this._providers={...this._providers,[e.name]:r}}catch(r){this._providers={...this._providers,[e.name]:S(r)}}}};T.styles=[A,y`
      .prompt {
        max-height: 240px;
      }
      tr,
      .tools-card {
        scroll-margin-top: calc(var(--header-height, 56px) + 8px);
      }
      td.reason {
        min-width: 160px;
        max-width: 280px;
      }
      .providers {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
        gap: 8px;
      }
      .provider pre {
        max-height: 360px;
      }
      tr.details > td {
        background: var(--secondary-background-color);
      }
      tr.details pre {
        background: var(--card-background-color, var(--primary-background-color));
      }
    `],c([u({attribute:!1})],T.prototype,"hass",2),c([u()],T.prototype,"apiId",2),c([u()],T.prototype,"prefix",2),c([p()],T.prototype,"_description",2),c([p()],T.prototype,"_error",2),c([p()],T.prototype,"_filter",2),c([p()],T.prototype,"_showHidden",2),c([p()],T.prototype,"_open",2),c([p()],T.prototype,"_providers",2),T=c([w("llm-hub-view")],T)});var L,St=_(()=>{"use strict";P();N();U();Y();V();L=class extends v{constructor(){super(...arguments);this.prefix="";this._timer=new R(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._load()}async _load(){try{this._list=await this.hass.callWS({type:"llm_hub/apis/list"}),this._error=void 0}catch(e){this._error=S(e)}await this._timer.done()}render(){if(this._error)return o`<div class="alert error">${this._error}</div>`;if(!this._list)return o`<div class="secondary">Loading…</div>`;let e=this._list.apis.filter(r=>r.hub),s=this._list.apis.filter(r=>!r.hub);return o`
      <div class="card">
        <h2>Hubs</h2>
        ${e.length?this._table(e,!0):o`<p class="secondary">
              No hub yet: add one in Settings → Devices &amp; services → Add integration →
              LLM Hub.
            </p>`}
      </div>
      <div class="card">
        <h2>Other LLM APIs</h2>
        ${this._table(s,!1)}
      </div>
      <p class="secondary">
        Sizes are what a model gets, built for you: prompt and tool definitions; tokens are
        estimated (${this._list.estimator}). Calls are those of the last 24 hours, counted
        since Home Assistant started (${new Date(this._list.since).toLocaleString()}).
        <button @click=${this._reload}>Refresh</button>
      </p>
    `}_table(e,s){return o`<div class="table-wrap"><table>
      <thead>
        <tr>
          <th>Name</th>
          ${s?o`<th>Tool mode</th>`:d}
          <th class="number">${s?"Tools listed":"Tools"}</th>
          ${s?o`<th class="number">Reachable</th>
                <th class="number">Hidden</th>`:d}
          <th class="number">Characters</th>
          <th class="number">Tokens (est.)</th>
          ${s?o`<th>Warnings</th>
                <th class="number">Calls (24 h)</th>`:d}
        </tr>
      </thead>
      <tbody>
        ${e.map(r=>o`<tr
            class="clickable"
            data-api=${r.id}
            @click=${()=>De(`${this.prefix}/hub/${encodeURIComponent(r.id)}`)}
          >
            <td>
              <a href=${`${this.prefix}/hub/${encodeURIComponent(r.id)}`} @click=${M}
                >${r.name}</a
              >
              <div class="secondary"><code>${r.id}</code></div>
            </td>
            ${s?o`<td class="mode">${be(r.search)}</td>`:d}
            <td class="number">${b(r.tools)}</td>
            ${s?o`<td class="number">${b(r.search?.reachable)}</td>
                  <td class="number">${b(r.hidden)}</td>`:d}
            <td class="number">
              ${r.prompt_chars===null?"–":b((r.prompt_chars??0)+(r.tools_chars??0))}
            </td>
            <td class="number">${b(r.tokens)}</td>
            ${s?o`<td>${this._warnings(r)}</td>
                  <td class="number">${b(r.calls_24h)}</td>`:d}
          </tr>`)}
      </tbody>
    </table></div>`}_warnings(e){return o`
      ${e.state!=="loaded"?o`<span class="badge error">${e.state.replaceAll("_"," ")}</span>`:d}
      ${e.error?o`<span class="badge error" title=${e.error}>cannot be built</span>`:d}
      ${e.over_limit?o`<span class="badge warning" title="More tools than the hub's limit"
            >over the limit of ${e.max_tools}</span
          >`:d}
      ${e.over_client_limit?o`<span
            class="badge warning"
            title="Some MCP clients, such as Cursor, keep only the first ${this._list.client_limit} tools"
            >over ${this._list.client_limit} tools</span
          >`:d}
      ${e.repairs.length?o`<a href="/config/repairs" @click=${M}
            ><span class="badge warning"
              >${e.repairs.length} repair${e.repairs.length>1?"s":""}</span
            ></a
          >`:d}
    `}_reload(){this._timer.restart(),this._load()}};L.styles=A,c([u({attribute:!1})],L.prototype,"hass",2),c([u()],L.prototype,"prefix",2),c([p()],L.prototype,"_list",2),c([p()],L.prototype,"_error",2),L=c([w("llm-hub-hubs")],L)});var Et,kt,G,Tt=_(()=>{"use strict";P();N();U();Et="f65fa10b7938",kt={message:"LLM Hub was updated. Reload the page to use the new version of this panel.",reload:"Reload"},G=class extends v{constructor(){super(...arguments);this._onReady=()=>{this._check()}}connectedCallback(){super.connectedCallback(),this._listen()}disconnectedCallback(){super.disconnectedCallback(),this._connection?.removeEventListener("ready",this._onReady),this._connection=void 0}willUpdate(){this.hass&&this.hass.connection!==this._connection&&this._listen()}_listen(){!this.hass||!this.isConnected||(this._connection?.removeEventListener("ready",this._onReady),this._connection=this.hass.connection,this._connection.addEventListener("ready",this._onReady),this._check())}async _check(){try{let e=await this.hass.callWS({type:"llm_hub/panel/build"});this._backend=e.build??void 0}catch{}}updated(){this.dataset.build=Et,this.dataset.backend=this._backend??""}render(){return!this._backend||this._backend===Et?d:o`<div class="alert" role="alert">
      <span>${kt.message}</span>
      <button class="primary" @click=${()=>location.reload()}>${kt.reload}</button>
    </div>`}};G.styles=[A,y`
      .alert {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: 12px;
        margin: 16px 16px 0;
      }
    `],c([u({attribute:!1})],G.prototype,"hass",2),c([p()],G.prototype,"_backend",2),G=c([w("llm-hub-update-banner")],G)});var Ct={};Mt(Ct,{LlmHubPanel:()=>O});var es,O,Rt=_(()=>{"use strict";P();N();U();gt();vt();wt();At();St();Tt();es=[{path:"hubs",label:"Hubs"},{path:"bench",label:"Test bench"},{path:"activity",label:"Activity"},{path:"approvals",label:"Approvals"}],O=class extends v{constructor(){super(...arguments);this.narrow=!1;this._users=[];this._usersLoaded=!1}get _approvalsOnly(){return this.panel?.config?.view==="approvals"}willUpdate(e){e.has("hass")&&this.hass&&!this._usersLoaded&&this.hass.user?.is_admin&&(this._usersLoaded=!0,this._loadUsers())}async _loadUsers(){try{let e=await this.hass.callWS({type:"config/auth/list"});this._users=e.filter(s=>s.is_active&&!s.system_generated)}catch{this._users=[]}}get _parts(){return(this.route?.path??"").split("?")[0].split("/").filter(s=>s).map(s=>decodeURIComponent(s))}get _prefix(){return this.route?.prefix??"/llm_hub"}render(){if(!this.hass)return d;if(this._approvalsOnly)return o`
        <header>
          ${this.narrow?o`<button class="menu" title="Sidebar" @click=${this._toggleMenu}>☰</button>`:d}
          <div class="title">LLM Hub approvals</div>
        </header>
        <llm-hub-update-banner .hass=${this.hass}></llm-hub-update-banner>
        <main>
          <llm-hub-approvals
            .hass=${this.hass}
            .users=${this._users}
            .hubLinks=${!1}
          ></llm-hub-approvals>
        </main>
      `;let[e="hubs",s]=this._parts,r=e==="hub"?"hubs":e;return o`
      <header>
        ${this.narrow?o`<button class="menu" title="Sidebar" @click=${this._toggleMenu}>☰</button>`:d}
        <div class="title">LLM Hub</div>
        <nav>
          ${es.map(a=>o`<a
              class=${a.path===r?"tab active":"tab"}
              href=${`${this._prefix}/${a.path}`}
              data-tab=${a.path}
              @click=${M}
              >${a.label}</a
            >`)}
        </nav>
      </header>
      <llm-hub-update-banner .hass=${this.hass}></llm-hub-update-banner>
      <main>${this._view(e,s)}</main>
    `}_view(e,s){let r=new URLSearchParams(window.location.search);switch(e){case"hub":return o`<llm-hub-view
          .hass=${this.hass}
          .apiId=${s??""}
          .prefix=${this._prefix}
        ></llm-hub-view>`;case"bench":return o`<llm-hub-bench
          .hass=${this.hass}
          .users=${this._users}
          .apiId=${r.get("api")??""}
          .toolName=${r.get("tool")??""}
        ></llm-hub-bench>`;case"activity":return o`<llm-hub-activity .hass=${this.hass} .users=${this._users}></llm-hub-activity>`;case"approvals":return o`<llm-hub-approvals
          .hass=${this.hass}
          .users=${this._users}
          .prefix=${this._prefix}
        ></llm-hub-approvals>`;default:return o`<llm-hub-hubs .hass=${this.hass} .prefix=${this._prefix}></llm-hub-hubs>`}}_toggleMenu(){this.dispatchEvent(new CustomEvent("hass-toggle-menu",{bubbles:!0,composed:!0}))}};O.styles=[A,y`
      :host {
        min-height: 100vh;
        background: var(--primary-background-color);
      }
      header {
        display: flex;
        align-items: center;
        gap: 16px;
        height: var(--header-height, 56px);
        padding: 0 16px;
        background: var(--app-header-background-color, var(--primary-color));
        color: var(--app-header-text-color, var(--text-primary-color, #fff));
        border-bottom: var(--app-header-border-bottom, none);
        position: sticky;
        top: 0;
        z-index: 2;
      }
      .title {
        font-size: 20px;
        margin-right: 16px;
      }
      .menu {
        background: none;
        border: none;
        color: inherit;
        font-size: 20px;
      }
      nav {
        display: flex;
        height: 100%;
        overflow-x: auto;
      }
      .tab {
        display: flex;
        align-items: center;
        padding: 0 14px;
        color: inherit;
        opacity: 0.8;
        border-bottom: 2px solid transparent;
        white-space: nowrap;
      }
      .tab:hover {
        text-decoration: none;
        opacity: 1;
      }
      .tab.active {
        opacity: 1;
        border-bottom-color: currentColor;
      }
      main {
        padding: 16px;
        max-width: 1400px;
        margin: 0 auto;
      }
      :host([narrow]) main {
        padding: 8px;
      }
    `],c([u({attribute:!1})],O.prototype,"hass",2),c([u({type:Boolean,reflect:!0})],O.prototype,"narrow",2),c([u({attribute:!1})],O.prototype,"route",2),c([u({attribute:!1})],O.prototype,"panel",2),c([p()],O.prototype,"_users",2),O=c([w("llm-hub-panel")],O)});customElements.get("llm-hub-panel")||Promise.resolve().then(()=>(Rt(),Ct));
/*! Bundled license information:

@lit/reactive-element/css-tag.js:
  (**
   * @license
   * Copyright 2019 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/reactive-element.js:
lit-html/lit-html.js:
lit-element/lit-element.js:
@lit/reactive-element/decorators/custom-element.js:
@lit/reactive-element/decorators/property.js:
@lit/reactive-element/decorators/state.js:
@lit/reactive-element/decorators/event-options.js:
@lit/reactive-element/decorators/base.js:
@lit/reactive-element/decorators/query.js:
@lit/reactive-element/decorators/query-all.js:
@lit/reactive-element/decorators/query-async.js:
@lit/reactive-element/decorators/query-assigned-nodes.js:
  (**
   * @license
   * Copyright 2017 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/is-server.js:
  (**
   * @license
   * Copyright 2022 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/decorators/query-assigned-elements.js:
  (**
   * @license
   * Copyright 2021 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)
*/
