// @labelled-for: smart-audit
pragma solidity ^0.4.17;

library SafeMath {
    function mul(uint256 a, uint256 b) internal pure returns (uint256) {
        if (a == 0) {
            return 0;
        }
        uint256 c = a * b;
        assert(c / a == b);
        return c;
    }

    function div(uint256 a, uint256 b) internal pure returns (uint256) {
        uint256 c = a / b;
        return c;
    }

    function sub(uint256 a, uint256 b) internal pure returns (uint256) {
        assert(b <= a);
        return a - b;
    }

    function add(uint256 a, uint256 b) internal pure returns (uint256) {
        uint256 c = a + b;
        assert(c >= a);
        return c;
    }
}

contract Ownable {
    address public owner;

    function Ownable() public {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        require(msg.sender == owner); // @expect non-descriptive-error
        _;
    }

    function transferOwnership(address newOwner) public onlyOwner {
        if (newOwner != address(0)) {
            owner = newOwner;
        }
    }
}

contract BasicToken is Ownable {
    using SafeMath for uint; // @expect safe-math

    mapping(address => uint) public balances;
    uint public _totalSupply;
    uint public basisPointsRate = 0;
    uint public maximumFee = 0;

    modifier onlyPayloadSize(uint size) {
        require(!(msg.data.length < size + 4)); // @expect non-descriptive-error
        _;
    }

    function transfer(address _to, uint _value) public onlyPayloadSize(2 * 32) {
        uint fee = (_value.mul(basisPointsRate)).div(10000);
        if (fee > maximumFee) {
            fee = maximumFee;
        }
        uint sendAmount = _value.sub(fee);
        balances[msg.sender] = balances[msg.sender].sub(_value);
        balances[_to] = balances[_to].add(sendAmount);
        if (fee > 0) {
            balances[owner] = balances[owner].add(fee);
        }
    }

    function balanceOf(address _owner) public constant returns (uint balance) {
        return balances[_owner];
    }
}

contract Pausable is Ownable {
    bool public paused = false;

    modifier whenNotPaused() {
        require(!paused); // @expect non-descriptive-error
        _;
    }

    function pause() onlyOwner public { // @expect pause-transfers
        paused = true;
    }

    function unpause() onlyOwner public {
        paused = false;
    }
}

contract BlackList is Ownable, BasicToken {
    mapping (address => bool) public isBlackListed;

    function addBlackList(address _evilUser) public onlyOwner { // @expect blacklist
        isBlackListed[_evilUser] = true;
    }

    function removeBlackList(address _clearedUser) public onlyOwner {
        isBlackListed[_clearedUser] = false;
    }

    function destroyBlackFunds(address _blackListedUser) public onlyOwner { // @expect owner-burn
        require(isBlackListed[_blackListedUser]); // @expect non-descriptive-error
        uint dirtyFunds = balanceOf(_blackListedUser);
        balances[_blackListedUser] = 0;
        _totalSupply -= dirtyFunds;
    }
}

contract TetherLike is Pausable, BasicToken, BlackList {
    string public name;
    string public symbol;
    uint public decimals;

    function TetherLike(uint _initialSupply, string _name, string _symbol, uint _decimals) public {
        _totalSupply = _initialSupply;
        name = _name;
        symbol = _symbol;
        decimals = _decimals;
        balances[owner] = _initialSupply;
    }

    function transfer(address _to, uint _value) public whenNotPaused {
        require(!isBlackListed[msg.sender]); // @expect non-descriptive-error
        return super.transfer(_to, _value);
    }

    function totalSupply() public constant returns (uint) {
        return _totalSupply;
    }

    function issue(uint amount) public onlyOwner { // @expect owner-mint
        require(_totalSupply + amount > _totalSupply); // @expect non-descriptive-error
        require(balances[owner] + amount > balances[owner]); // @expect non-descriptive-error
        balances[owner] += amount;
        _totalSupply += amount;
    }

    function redeem(uint amount) public onlyOwner {
        require(_totalSupply >= amount); // @expect non-descriptive-error
        require(balances[owner] >= amount); // @expect non-descriptive-error
        _totalSupply -= amount;
        balances[owner] -= amount;
    }

    function setParams(uint newBasisPoints, uint newMaxFee) public onlyOwner { // @expect fee-setter
        require(newBasisPoints < 20); // @expect non-descriptive-error
        require(newMaxFee < 50); // @expect non-descriptive-error
        basisPointsRate = newBasisPoints;
        maximumFee = newMaxFee.mul(10**decimals);
    }
}
